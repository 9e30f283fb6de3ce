package score_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/tricks-dev/tricks/score"
)

// Spades (RULES §6, §7). Numbers are worked out by hand in the comments: N = bid, d = the
// difference between tricks taken and contract.

const (
	solo = "game spades\nplayers ann bob cat dan\n"
	duo  = "game spades-partnership\nplayers ann bob cat dan\n"
)

func TestSpadesSolo(t *testing.T) {
	// Spades (each alone): nil on with nil-fail=0, under=zero, bags counted without penalty.
	// r1: ann 3 takes 3: 10*3 = 30. bob 4 takes 2: short, under=zero: 0. cat nil takes 0: 100.
	//     dan 2 takes 8: 20 + 6 = 26, 6 bags.
	// r2: ann 3 takes 5: 30 + 2 = 32, 2 bags. bob nil takes 1: nil-fail=0: 0 and 1 bag.
	//     cat 4 takes 4: 40. dan 2 takes 3: 21, 1 bag (7 in all).
	src := solo + "round\nbid ann=3 bob=4 cat=nil dan=2\ntricks ann=3 bob=2 cat=0 dan=8\n" +
		"round\nbid ann=3 bob=nil cat=4 dan=2\ntricks ann=5 bob=1 cat=4 dan=3\n"
	res := play(t, src)
	wantRound(t, res, 1, P{"ann": 30, "bob": 0, "cat": 100, "dan": 26}, P{"ann": 30, "bob": 0, "cat": 100, "dan": 26})
	wantRound(t, res, 2, P{"ann": 32, "bob": 0, "cat": 40, "dan": 21}, P{"ann": 62, "bob": 0, "cat": 140, "dan": 47})
	if b := round(t, res, 2).Bags; assert.NotNil(t, b) {
		assert.Equal(t, P{"ann": 2, "bob": 1, "cat": 0, "dan": 7}, asP(*b))
	}
	if assert.NotNil(t, res.Bags) {
		assert.Equal(t, P{"ann": 2, "bob": 1, "cat": 0, "dan": 7}, asP(*res.Bags))
	}
	wantEnd(t, res, false, "")
	wantViols(t, res)

	// nil-fail=-100: bob's failed nil in r2 scores -100 and no bag.
	res = play(t, solo+"option nil-fail=-100\n"+src[len(solo):])
	wantRound(t, res, 2, P{"ann": 32, "bob": -100, "cat": 40, "dan": 21}, nil)
	if assert.NotNil(t, res.Bags) {
		assert.Equal(t, P{"ann": 2, "bob": 0, "cat": 0, "dan": 7}, asP(*res.Bags))
	}
}

func TestSpadesUnder(t *testing.T) {
	// bob bids 4 and takes 2 (short by 2): zero 0, diff -10*2 = -20, bid -10*4 = -40.
	r := "round\nbid ann=3 bob=4 cat=3 dan=3\ntricks ann=3 bob=2 cat=4 dan=4\n"
	for _, c := range []struct {
		under string
		bob   int
	}{{"zero", 0}, {"diff", -20}, {"bid", -40}} {
		res := play(t, solo+"option under="+c.under+"\n"+r)
		// ann 30, cat 30 + 1, dan 30 + 1.
		wantRound(t, res, 1, P{"ann": 30, "bob": c.bob, "cat": 31, "dan": 31}, nil)
	}

	// Partnership: ann+cat bid 4+4 take 5+4: 80 + 1 = 81, 1 bag. bob+dan bid 3+2 take 2+2:
	// short by 1 on 5: zero 0, diff -10, bid (the partnership default) -50.
	r = "round\nbid ann=4 bob=3 cat=4 dan=2\ntricks ann=5 bob=2 cat=4 dan=2\n"
	for _, c := range []struct {
		opt string
		bd  int
	}{{"option under=zero\n", 0}, {"option under=diff\n", -10}, {"", -50}} {
		res := play(t, duo+c.opt+r)
		wantRound(t, res, 1, P{"ann+cat": 81, "bob+dan": c.bd}, nil)
		assert.Equal(t, []string{"ann+cat", "bob+dan"}, res.Sides)
	}
}

func TestSpadesBags(t *testing.T) {
	// bag-penalty=on: r1 dan 2 takes 8: 26, 6 bags. r2 dan 1 takes 5: 10 + 4 = 14, bags 10:
	// -100 in this round (RULES §7): 14 - 100 = -86, bags back to 0. cat 3 takes 2: 0.
	src := solo + "option bag-penalty=on\n" +
		"round\nbid ann=3 bob=4 cat=nil dan=2\ntricks ann=3 bob=2 cat=0 dan=8\n" +
		"round\nbid ann=3 bob=3 cat=3 dan=1\ntricks ann=3 bob=3 cat=2 dan=5\n"
	res := play(t, src)
	wantRound(t, res, 2, P{"ann": 30, "bob": 30, "cat": 0, "dan": -86}, P{"ann": 60, "bob": 30, "cat": 100, "dan": -60})
	r2 := round(t, res, 2)
	if assert.NotNil(t, r2.BagPenalty) {
		assert.Equal(t, P{"dan": -100}, asP(*r2.BagPenalty))
	}
	if assert.NotNil(t, r2.Bags) {
		assert.Equal(t, 0, asP(*r2.Bags)["dan"])
	}

	// Without the penalty (the solo default) the bags just count: dan 10 bags, 14 points.
	res = play(t, solo+src[len(solo)+len("option bag-penalty=on\n"):])
	wantRound(t, res, 2, P{"ann": 30, "bob": 30, "cat": 0, "dan": 14}, nil)
	assert.Equal(t, 10, asP(*res.Bags)["dan"])

	// bag-cap=1 caps the bags counted, not the points (RULES §7): dan 2 takes 8: 26 points,
	// 1 bag.
	res = play(t, solo+"option bag-cap=1\nround\nbid ann=3 bob=4 cat=nil dan=2\ntricks ann=3 bob=2 cat=0 dan=8\n")
	wantRound(t, res, 1, P{"ann": 30, "bob": 0, "cat": 100, "dan": 26}, nil)
	assert.Equal(t, 1, asP(*res.Bags)["dan"])

	// Partnership (10 bags cost 100): r1 ann+cat bid 2+2 take 6+5: 40 + 7 = 47, 7 bags;
	// bob+dan 1+1 take 1+1: 20. r2 ann+cat 2+2 take 5+4: 40 + 5 = 45, bags 12: -100, 2 left:
	// round -55; bob+dan 2+2 take 2+2: 40.
	res = play(t, duo+"round\nbid ann=2 bob=1 cat=2 dan=1\ntricks ann=6 bob=1 cat=5 dan=1\n"+
		"round\nbid ann=2 bob=2 cat=2 dan=2\ntricks ann=5 bob=2 cat=4 dan=2\n")
	wantRound(t, res, 1, P{"ann+cat": 47, "bob+dan": 20}, nil)
	wantRound(t, res, 2, P{"ann+cat": -55, "bob+dan": 40}, P{"ann+cat": -8, "bob+dan": 60})
	assert.Equal(t, P{"ann+cat": 2, "bob+dan": 0}, asP(*res.Bags))

	// bag-cap=1 in the partnership: r1 ann+cat count 1 bag of 7.
	res = play(t, duo+"option bag-cap=1\nround\nbid ann=2 bob=1 cat=2 dan=1\ntricks ann=6 bob=1 cat=5 dan=1\n")
	wantRound(t, res, 1, P{"ann+cat": 47, "bob+dan": 20}, nil)
	assert.Equal(t, P{"ann+cat": 1, "bob+dan": 0}, asP(*res.Bags))
}

func TestSpadesBidsAsWritten(t *testing.T) {
	// A missing bid (bid-missing) is a plain 0 (RULES §7): bob takes 2: 2 points, 2 bags.
	// ann's 0 is nil where nil is on; she takes 1: nil-fail=0: 0 and 1 bag. cat, dan 5: 50.
	res := play(t, solo+"round\nbid ann=0 cat=5 dan=5\ntricks ann=1 bob=2 cat=5 dan=5\n")
	wantRound(t, res, 1, P{"ann": 0, "bob": 2, "cat": 50, "dan": 50}, nil)
	assert.Equal(t, P{"ann": 1, "bob": 2, "cat": 0, "dan": 0}, asP(*res.Bags))
	wantViols(t, res, "bid-missing r=1 t=0 p=bob")

	// nil=off: 0 and "nil" are plain bids of 0: ann takes 1: 1 point and 1 bag; bob takes 0:
	// 0. cat 5 takes 5: 50; dan 6 takes 7: 61.
	res = play(t, solo+"option nil=off\nround\nbid ann=0 bob=nil cat=5 dan=6\ntricks ann=1 bob=0 cat=5 dan=7\n")
	wantRound(t, res, 1, P{"ann": 1, "bob": 0, "cat": 50, "dan": 61}, nil)
	assert.Equal(t, P{"ann": 1, "bob": 0, "cat": 0, "dan": 1}, asP(*res.Bags))
}

// blindSetup is a first round after which ann leads by 100 (solo, blind=on): ann 10 takes 10:
// 100; bob 1 takes 0: 0; cat 1 takes 1: 10; dan 1 takes 2: 11.
const blindSetup = "round\nbid ann=10 bob=1 cat=1 dan=1\ntricks ann=10 bob=0 cat=1 dan=2\n"

func TestSpadesBlindSolo(t *testing.T) {
	head := solo + "option blind=on\n"
	// r2: bob blind nil takes 0: 200. cat (90 behind: not allowed, scored as bid) b4 takes 4
	// exactly: 100. ann 3 takes 4: 31. dan 5 takes 5: 50.
	res := play(t, head+blindSetup+"round\nbid ann=3 bob=bnil cat=b4 dan=5\ntricks ann=4 bob=0 cat=4 dan=5\n")
	wantRound(t, res, 1, P{"ann": 100, "bob": 0, "cat": 10, "dan": 11}, nil)
	wantRound(t, res, 2, P{"ann": 31, "bob": 200, "cat": 100, "dan": 50}, nil)
	wantViols(t, res, "blind-not-allowed r=2 t=0 p=cat")

	// Blind N over or short: -100 (RULES §6: the text wins over the seed's table). Blind nil
	// failed with nil-fail=0: 0 and bags.
	res = play(t, head+blindSetup+"round\nbid ann=3 bob=bnil cat=b4 dan=5\ntricks ann=3 bob=1 cat=5 dan=4\n")
	// ann 30; bob 0, 1 bag; cat -100; dan 5 takes 4: 0 (under zero).
	wantRound(t, res, 2, P{"ann": 30, "bob": 0, "cat": -100, "dan": 0}, nil)
	assert.Equal(t, 1, asP(*res.Bags)["bob"])
	res = play(t, head+blindSetup+"round\nbid ann=3 bob=bnil cat=b4 dan=5\ntricks ann=5 bob=0 cat=3 dan=5\n")
	// ann 32; bob 200; cat b4 takes 3: -100; dan 50.
	wantRound(t, res, 2, P{"ann": 32, "bob": 200, "cat": -100, "dan": 50}, nil)

	// Blind nil failed with nil-fail=-100: -200.
	res = play(t, head+"option nil-fail=-100\n"+blindSetup+"round\nbid ann=3 bob=bnil cat=4 dan=5\ntricks ann=3 bob=1 cat=4 dan=5\n")
	wantRound(t, res, 2, P{"ann": 30, "bob": -200, "cat": 40, "dan": 50}, nil)

	// b0 is bnil where nil is on (200 when made) and a blind plain 0 where it is off (blind N
	// exact: 100; otherwise -100).
	res = play(t, head+blindSetup+"round\nbid ann=3 bob=b0 cat=5 dan=5\ntricks ann=3 bob=0 cat=5 dan=5\n")
	wantRound(t, res, 2, P{"ann": 30, "bob": 200, "cat": 50, "dan": 50}, nil)
	res = play(t, head+"option nil=off\n"+blindSetup+"round\nbid ann=3 bob=b0 cat=5 dan=5\ntricks ann=3 bob=0 cat=5 dan=5\n")
	wantRound(t, res, 2, P{"ann": 30, "bob": 100, "cat": 50, "dan": 50}, nil)
	res = play(t, head+"option nil=off\n"+blindSetup+"round\nbid ann=3 bob=b0 cat=5 dan=5\ntricks ann=3 bob=1 cat=4 dan=5\n")
	wantRound(t, res, 2, P{"ann": 30, "bob": -100, "cat": 0, "dan": 50}, nil)

	// blind=off (the solo default): a blind bid is reported and still scored as bid.
	res = play(t, solo+"round\nbid ann=3 bob=b4 cat=3 dan=3\ntricks ann=3 bob=4 cat=3 dan=3\n")
	wantRound(t, res, 1, P{"ann": 30, "bob": 100, "cat": 30, "dan": 30}, nil)
	wantViols(t, res, "blind-not-allowed r=1 t=0 p=bob")
}

func TestSpadesQuicksand(t *testing.T) {
	// Seed 003: bids 4 + 5, tricks 3 + 8: 90 - 20 = 70. bob+dan 1+1 take 1+1: 20. No bags.
	res := play(t, duo+"option quicksand=on\nround\nbid ann=4 bob=1 cat=5 dan=1\ntricks ann=3 bob=1 cat=8 dan=1\n"+
		// A missed bid scores -10d: ann+cat 3+3 take 2+2: -20. bob+dan 3+2 take 5+4:
		// 50 - 10*4 = 10.
		"round\nbid ann=3 bob=3 cat=3 dan=2\ntricks ann=2 bob=5 cat=2 dan=4\n")
	wantRound(t, res, 1, P{"ann+cat": 70, "bob+dan": 20}, nil)
	wantRound(t, res, 2, P{"ann+cat": -20, "bob+dan": 10}, P{"ann+cat": 50, "bob+dan": 30})
	assert.Equal(t, P{"ann+cat": 0, "bob+dan": 0}, asP(*res.Bags))

	// Solo quicksand: ann 4 takes 6: 40 - 20 = 20; bob 3 takes 2: -10; cat nil takes 2: 0 and
	// no bags (RULES §7); dan 3 takes 3: 30.
	res = play(t, solo+"option quicksand=on\nround\nbid ann=4 bob=3 cat=nil dan=3\ntricks ann=6 bob=2 cat=2 dan=3\n")
	wantRound(t, res, 1, P{"ann": 20, "bob": -10, "cat": 0, "dan": 30}, nil)
	assert.Equal(t, P{"ann": 0, "bob": 0, "cat": 0, "dan": 0}, asP(*res.Bags))
}

// duoSetup leaves bob+dan 150 behind (partnership defaults): ann+cat 6+7 take 6+7: 130;
// bob+dan 1+1 take 0: under=bid: -20.
const duoSetup = "round\nbid ann=6 bob=1 cat=7 dan=1\ntricks ann=6 bob=0 cat=7 dan=0\n"

func TestSpadesPartnershipNils(t *testing.T) {
	// Nil (nil-fail=-100), partner's contract alone: ann nil takes 0: +100; cat 5 takes 6:
	// 51, 1 bag: 151. bob+dan 4+3 take 4+3: 70.
	res := play(t, duo+"round\nbid ann=nil bob=4 cat=5 dan=3\ntricks ann=0 bob=4 cat=6 dan=3\n")
	wantRound(t, res, 1, P{"ann+cat": 151, "bob+dan": 70}, nil)

	// Failed nil: ann takes 1: -100; her trick does not help cat: cat 5 takes 4: -50 (under
	// bid): -150. bob+dan 3+4 take 3+5: 71, 1 bag.
	failed := "round\nbid ann=nil bob=3 cat=5 dan=4\ntricks ann=1 bob=3 cat=4 dan=5\n"
	res = play(t, duo+failed)
	wantRound(t, res, 1, P{"ann+cat": -150, "bob+dan": 71}, nil)
	// failed-nil-helps=on: ann's trick counts toward the contract: 4 + 1 = 5 = 5: 50, -100
	// for the nil: -50.
	res = play(t, duo+"option failed-nil-helps=on\n"+failed)
	wantRound(t, res, 1, P{"ann+cat": -50, "bob+dan": 71}, nil)

	// Double nil (both partners nil, judged on both together): bob+dan take 0: +400. ann+cat
	// 4+4 take 7+6: 80 + 5 = 85.
	res = play(t, duo+"round\nbid ann=4 bob=nil cat=4 dan=nil\ntricks ann=7 bob=0 cat=6 dan=0\n")
	wantRound(t, res, 1, P{"ann+cat": 85, "bob+dan": 400}, nil)
	// Failed: bob takes 1: -400 (nil-fail=-100); ann+cat take 12: 84.
	dn := "round\nbid ann=4 bob=nil cat=4 dan=nil\ntricks ann=6 bob=1 cat=6 dan=0\n"
	res = play(t, duo+dn)
	wantRound(t, res, 1, P{"ann+cat": 84, "bob+dan": -400}, nil)
	// nil-fail=0: 0 and 1 bag.
	res = play(t, duo+"option nil-fail=0\n"+dn)
	wantRound(t, res, 1, P{"ann+cat": 84, "bob+dan": 0}, nil)
	assert.Equal(t, P{"ann+cat": 4, "bob+dan": 1}, asP(*res.Bags))
	// double-nil=off: two separate nils: bob -100, dan +100: 0.
	res = play(t, duo+"option double-nil=off\n"+dn)
	wantRound(t, res, 1, P{"ann+cat": 84, "bob+dan": 0}, nil)

	// failed-nil-helps with two nils (double-nil=off): the side's contract is 0 and every trick
	// it takes is an overtrick (RULES §7): bob nil takes 1 (-100), dan nil takes 4 (-100),
	// 5 tricks: +5, 5 bags: -195. ann+cat 4+4 take 4+4: 80.
	res = play(t, duo+"option failed-nil-helps=on double-nil=off\nround\nbid ann=4 bob=nil cat=4 dan=nil\ntricks ann=4 bob=1 cat=4 dan=4\n")
	wantRound(t, res, 1, P{"ann+cat": 80, "bob+dan": -195}, nil)
	assert.Equal(t, P{"ann+cat": 0, "bob+dan": 5}, asP(*res.Bags))

	// nil + blind nil on one side score separately (RULES §7), not as a double nil: r2 bob
	// nil takes 0: +100; dan blind nil takes 1: -200: -100. ann+cat 6+6 take 6+6: 120.
	res = play(t, duo+duoSetup+"round\nbid ann=6 bob=nil cat=6 dan=bnil\ntricks ann=6 bob=0 cat=6 dan=1\n")
	wantRound(t, res, 2, P{"ann+cat": 120, "bob+dan": -100}, P{"ann+cat": 250, "bob+dan": -120})
	wantViols(t, res)

	// Blind nil made: +200.
	res = play(t, duo+duoSetup+"round\nbid ann=6 bob=bnil cat=6 dan=1\ntricks ann=6 bob=0 cat=6 dan=1\n")
	wantRound(t, res, 2, P{"ann+cat": 120, "bob+dan": 210}, nil)
}

func TestSpadesBlindDoubleNil(t *testing.T) {
	bdn := "round\nbid ann=6 bob=bnil cat=7 dan=bnil\ntricks ann=6 bob=0 cat=7 dan=0\n"
	// bdn=800: bob+dan -20 + 800 = 780 >= 500, ann+cat 260: bob+dan win.
	res := play(t, duo+duoSetup+bdn)
	wantRound(t, res, 2, P{"ann+cat": 130, "bob+dan": 800}, P{"ann+cat": 260, "bob+dan": 780})
	wantEnd(t, res, true, "bob+dan")
	wantViols(t, res)

	// bdn=win: the 800 is not added, the game is won after that round (RULES §7).
	res = play(t, duo+"option bdn=win\n"+duoSetup+bdn)
	wantRound(t, res, 2, P{"ann+cat": 130, "bob+dan": 0}, P{"ann+cat": 260, "bob+dan": -20})
	wantEnd(t, res, true, "bob+dan")
	// ... and a further round is after the end.
	res = play(t, duo+"option bdn=win\n"+duoSetup+bdn+duoSetup)
	wantViols(t, res, "after-game-end r=3 t=0 p=")
	wantTotals(t, res, P{"ann+cat": 260, "bob+dan": -20})

	// Failed (dan takes 1): -800.
	res = play(t, duo+duoSetup+"round\nbid ann=6 bob=bnil cat=6 dan=bnil\ntricks ann=6 bob=0 cat=6 dan=1\n")
	wantRound(t, res, 2, P{"ann+cat": 120, "bob+dan": -800}, nil)
	wantEnd(t, res, false, "")
	// Failed under bdn=win: still -800 (the table's "or -800"), no win.
	res = play(t, duo+"option bdn=win\n"+duoSetup+"round\nbid ann=6 bob=bnil cat=6 dan=bnil\ntricks ann=6 bob=0 cat=6 dan=1\n")
	wantRound(t, res, 2, P{"ann+cat": 120, "bob+dan": -800}, nil)
	wantEnd(t, res, false, "")
}

func TestSpadesBlindNumberPartnership(t *testing.T) {
	// A side with a blind number bid must take exactly its contract (RULES §7): bob b4 + dan
	// 3 = 7. Exactly 7: +100; 8 or 6: -100. ann+cat 3+3 (under bid).
	for _, c := range []struct {
		tricks  string
		ac, bd  int
		comment string
	}{
		{"ann=3 bob=4 cat=3 dan=3", 60, 100, "exact"},
		{"ann=3 bob=5 cat=2 dan=3", -60, -100, "over: ann+cat 5 of 6 -> -60"},
		{"ann=4 bob=3 cat=3 dan=3", 61, -100, "short: ann+cat 7 of 6 -> 61"},
	} {
		res := play(t, duo+duoSetup+"round\nbid ann=3 bob=b4 cat=3 dan=3\ntricks "+c.tricks+"\n")
		wantRound(t, res, 2, P{"ann+cat": c.ac, "bob+dan": c.bd}, nil)
		wantViols(t, res)
	}
}

func TestSpadesEnd(t *testing.T) {
	// First side to reach 500. r1 ann+cat 6+7 take 13: 130; bob+dan double nil: 400.
	// r2 the other way round: both 530: both over and equal: play on (RULES §7).
	// r3 as r1: ann+cat 660, bob+dan 930: the higher wins.
	r1 := "round\nbid ann=6 bob=nil cat=7 dan=nil\ntricks ann=6 bob=0 cat=7 dan=0\n"
	r2 := "round\nbid ann=nil bob=6 cat=nil dan=7\ntricks ann=0 bob=6 cat=0 dan=7\n"
	res := play(t, duo+r1+r2)
	wantTotals(t, res, P{"ann+cat": 530, "bob+dan": 530})
	wantEnd(t, res, false, "")
	res = play(t, duo+r1+r2+r1)
	wantTotals(t, res, P{"ann+cat": 660, "bob+dan": 930})
	wantEnd(t, res, true, "bob+dan")

	// r1 + r1: bob+dan 800 alone over 500 after r2 (ann+cat 260): bob+dan win.
	res = play(t, duo+r1+r1)
	wantEnd(t, res, true, "bob+dan")
	res = play(t, duo+r1)
	wantEnd(t, res, false, "")

	// Solo, target=100 via option: ann 10 takes 10: 100 reaches it.
	res = play(t, solo+"option target=100\n"+blindSetup)
	wantEnd(t, res, true, "ann")
}

func TestSpadesJokers(t *testing.T) {
	// jokers=high: BJ > LJ > AS, both trump (3 players, 54 cards). bob leads AS, cat's LJ beats
	// it; cat leads 2D, ann (no diamond) trumps with BJ. Bids 1 each: ann 1 trick: 10, bob 0
	// (under zero): 0, cat 1 trick: 10.
	res := play(t, "game spades\nplayers ann bob cat\noption jokers=high\nround\nbid ann=1 bob=1 cat=1\n"+
		"trick bob: AS LJ KS\ntrick cat: 2D BJ 3D\n")
	wantRound(t, res, 1, P{"ann": 10, "bob": 0, "cat": 10}, nil)
	if tr := round(t, res, 1).Tricks; assert.NotNil(t, tr) {
		assert.Equal(t, P{"ann": 1, "bob": 0, "cat": 1}, asP(*tr))
	}
	wantViols(t, res)

	// jokers=fool: a fool never wins. bob leads 2D, cat plays LJ, ann's 3D wins. ann leads BJ,
	// bob's 4H sets the led suit, cat's 5H wins.
	res = play(t, "game spades\nplayers ann bob cat\noption jokers=fool\nround\nbid ann=1 bob=1 cat=1\n"+
		"trick bob: 2D LJ 3D\ntrick ann: BJ 4H 5H\n")
	wantRound(t, res, 1, P{"ann": 10, "bob": 0, "cat": 10}, nil)
	if tr := round(t, res, 1).Tricks; assert.NotNil(t, tr) {
		assert.Equal(t, P{"ann": 1, "bob": 0, "cat": 1}, asP(*tr))
	}
	wantViols(t, res)

	// jokers-replace=on removes 2C and 2D: 4 players again; a 2C played is not-in-hand.
	res = play(t, "game spades\nplayers ann bob cat dan\noption jokers=high jokers-replace=on\nround\nbid ann=1 bob=1 cat=1 dan=1\n"+
		"trick bob: 2C 3C 4C BJ\n")
	wantViols(t, res, "not-in-hand r=1 t=1 p=bob")
	// The 2C still sets the led suit (RULES §7); ann, last to play, trumps with BJ: ann 1
	// trick of 1 bid: 10.
	wantRound(t, res, 1, P{"ann": 10, "bob": 0, "cat": 0, "dan": 0}, nil)
}

func TestSpadesTeamsOption(t *testing.T) {
	// teams=on turns Spades into a partnership game (1+3 v 2+4) and double nil is on by
	// default wherever teams=on (RULES §7): bob nil + dan nil take 0: +400 for bob+dan.
	// ann+cat 6+7 take 6+7: 130. Spades keeps its own defaults otherwise (no bag penalty).
	res := play(t, solo+"option teams=on\nround\nbid ann=6 bob=nil cat=7 dan=nil\ntricks ann=6 bob=0 cat=7 dan=0\n")
	assert.Equal(t, []string{"ann+cat", "bob+dan"}, res.Sides)
	wantRound(t, res, 1, P{"ann+cat": 130, "bob+dan": 400}, nil)
}

// TestSpadesContracts: each scored round publishes how the scorer judged every unit's bids,
// and nothing for a round it did not score.
func TestSpadesContracts(t *testing.T) {
	// Partnership (players ann 0, bob 1, cat 2, dan 3). r1: ann+cat double nil, ann takes 0
	// and cat 3: judged together, both failed (-400); bob+dan 4+4 take 5+5: made, 2 bags.
	// r2: ann nil takes 0 (made), cat's bid is missing: a plain 0 (RULES §7), takes 2 of a
	// contract of 0: made, 2 bags; bob+dan b4 (blind) + 3 take 4+7: not exact, failed.
	// r3: bids without play: not scored.
	res := play(t, duo+"round\nbid ann=nil bob=4 cat=nil dan=4\ntricks ann=0 bob=5 cat=3 dan=5\n"+
		"round\nbid ann=nil bob=b4 dan=3\ntricks ann=0 bob=4 cat=2 dan=7\n"+
		"round\nbid ann=2 bob=3 cat=2 dan=3\n")
	wantRound(t, res, 1, P{"ann+cat": -400, "bob+dan": 82}, nil)
	assert.Equal(t, []score.Contract{
		{Nils: 1<<0 | 1<<2, DoubleNil: true},
		{Bidders: 1<<1 | 1<<3, Bid: 8, Took: 10, Made: true, Bags: 2},
	}, round(t, res, 1).Contracts)
	assert.Equal(t, []score.Contract{
		{Bidders: 1 << 2, Bid: 0, Took: 2, Made: true, Nils: 1 << 0, NilsMade: 1 << 0, Bags: 2},
		{Bidders: 1<<1 | 1<<3, Bid: 7, Took: 11, Blind: true},
	}, round(t, res, 2).Contracts)
	assert.Nil(t, round(t, res, 3).Contracts)
	assert.Equal(t, []int{0, 1, 0, 1}, res.UnitOf)

	// Each for themselves, a player named "a+b" is one unit; an all-zero tally is scored.
	res = play(t, "game spades\nplayers \"a+b\" bob cat dan\nround\n"+
		"bid \"a+b\"=nil bob=1 cat=1 dan=1\ntricks \"a+b\"=0 bob=0 cat=0 dan=0\n")
	assert.Equal(t, []score.Contract{
		{Nils: 1, NilsMade: 1}, {Bidders: 1 << 1, Bid: 1}, {Bidders: 1 << 2, Bid: 1}, {Bidders: 1 << 3, Bid: 1},
	}, round(t, res, 1).Contracts)
	assert.Equal(t, []int{0, 1, 2, 3}, res.UnitOf)
}
