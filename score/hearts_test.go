package score_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Expected numbers below are computed by hand from RULES.md; the arithmetic is in the comments.

// moonPlay is a 6-trick round (no deal: hands inferred) in which ann leads a club to every
// trick and wins all 13 hearts and QS. bob discards QS on trick 1 although he still holds 3C
// (he plays it on trick 2): a revoke (and only a revoke, RULES §7). cat and dan discard hearts
// on trick 1 while holding diamonds: first-trick-penalty, reported and not scored.
const moonPlay = `players ann bob cat dan
option pass=none
round
trick ann: 2C QS AH KH
trick AC 3C JH TH
trick KC 9H 8H 7H
trick QC 6H 5H 4H
trick JC 3H 2H 2D
trick TC QH 3D 4D
`

var moonPlayViols = []string{"revoke r=1 t=1 p=bob", "first-trick-penalty r=1 t=1 p=cat", "first-trick-penalty r=1 t=1 p=dan"}

func TestRicketyKateMoon(t *testing.T) {
	// Old moon (RULES §4.2): the shooter's penalty points become 0, every other player adds
	// T = 13 hearts + QS 13 = 26.
	res := play(t, "game rickety-kate\nplayers ann bob cat dan\nround\ntook ann: QS "+allHearts+"\n")
	wantRound(t, res, 1, P{"ann": 0, "bob": 26, "cat": 26, "dan": 26}, nil)
	wantMoon(t, res, 1, "ann", "old", "auto")
	wantViols(t, res)

	// All penalty cards but one: no moon. ann QS + 2H..KH = 13 + 12 = 25, bob AH = 1.
	res = play(t, "game rickety-kate\nplayers ann bob cat dan\nround\ntook ann: QS "+hearts2K+"\ntook bob: AH\n")
	wantRound(t, res, 1, P{"ann": 25, "bob": 1, "cat": 0, "dan": 0}, nil)
	wantMoon(t, res, 1, "", "", "")

	// Six players remove 2C 2D 2H 2S: T = 12 hearts + 13 = 25 (RULES §7 "T with a reduced
	// deck"); a moon needs the 12 hearts in play and QS.
	res = play(t, "game rickety-kate\nplayers ann bob cat dan eve fay\nround\ntook ann: QS 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH\n")
	wantRound(t, res, 1, P{"ann": 0, "bob": 25, "cat": 25, "dan": 25, "eve": 25, "fay": 25}, nil)
	wantMoon(t, res, 1, "ann", "old", "auto")
}

func TestRicketyKateRevokeAfterMoon(t *testing.T) {
	// fixed:13 per revoke, after the moon (RULES §4.3): ann shot the moon (old): ann 0, the
	// others 26; bob's revoke adds 13: bob 39.
	res := play(t, "game rickety-kate\n"+moonPlay)
	wantRound(t, res, 1, P{"ann": 0, "bob": 39, "cat": 26, "dan": 26}, nil)
	wantMoon(t, res, 1, "ann", "old", "auto")
	wantViols(t, res, moonPlayViols...)

	// moon=new: ann -26, the others 0; bob +13.
	res = play(t, "game rickety-kate\noption moon=new\n"+moonPlay)
	wantRound(t, res, 1, P{"ann": -26, "bob": 13, "cat": 0, "dan": 0}, nil)
	wantMoon(t, res, 1, "ann", "new", "auto")

	// revoke=all: card points void, no moon; the first offender (bob) scores T = 26.
	res = play(t, "game rickety-kate\noption revoke=all\n"+moonPlay)
	wantRound(t, res, 1, P{"ann": 0, "bob": 26, "cat": 0, "dan": 0}, nil)
	wantMoon(t, res, 1, "", "", "")
	wantViols(t, res, moonPlayViols...)

	// revoke=none: reported, not scored; the moon stands.
	res = play(t, "game rickety-kate\noption revoke=none\n"+moonPlay)
	wantRound(t, res, 1, P{"ann": 0, "bob": 26, "cat": 26, "dan": 26}, nil)
	wantViols(t, res, moonPlayViols...)

	// Black Jack: JS 10 replaces QS, so the penalty cards are the hearts and JS; JS was not
	// played, so there is no moon: ann 13 hearts = 13, bob's QS scores nothing, +13 for the
	// revoke. The trick-1 discards are still first-trick-penalty (hearts score), bob's QS is
	// only the revoke.
	res = play(t, "game black-jack\n"+moonPlay)
	wantRound(t, res, 1, P{"ann": 13, "bob": 13, "cat": 0, "dan": 0}, nil)
	wantMoon(t, res, 1, "", "", "")
	wantViols(t, res, moonPlayViols...)
}

// revokeTwice is deal D with two revokes by cat (tricks 2 and 3: she holds TD JD QD and
// discards 7S, then 8H); dan wins both tricks, so he takes 8H (1 point).
const revokeTwice = `players ann bob cat dan
option pass=none
round
deal ann: 2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 2S 3S
deal bob: 6C 7C 8C 6D 7D 8D 9D 5H 6H 7H 4S 5S 6S
deal cat: 9C TC JC TD JD QD 8H 9H TH JH 7S 8S 9S
deal dan: QC KC AC KD AD QH KH AH TS JS QS KS AS
trick ann: 2C 6C 9C QC
trick dan: KD 2D 6D 7S
trick dan: AD 3D 7D 8H
`

func TestRevokePenalties(t *testing.T) {
	two := []string{"revoke r=1 t=2 p=cat", "revoke r=1 t=3 p=cat"}
	// fixed:13 per revoke (Rickety Kate): cat 13 + 13 = 26; dan keeps his 8H: 1.
	res := play(t, "game rickety-kate\n"+revokeTwice)
	wantRound(t, res, 1, P{"ann": 0, "bob": 0, "cat": 26, "dan": 1}, nil)
	wantViols(t, res, two...)

	// all (Hearts): the round's card points are void, the first offender scores T = 26.
	res = play(t, "game hearts\n"+revokeTwice)
	wantRound(t, res, 1, P{"ann": 0, "bob": 0, "cat": 26, "dan": 0}, nil)
	wantViols(t, res, two...)

	// none: reported, not scored: dan 1.
	res = play(t, "game hearts\noption revoke=none\n"+revokeTwice)
	wantRound(t, res, 1, P{"ann": 0, "bob": 0, "cat": 0, "dan": 1}, nil)
	wantViols(t, res, two...)

	// Several offenders: revoke=all charges the first in play order, not in seat order. cat
	// revokes on trick 2; ann (seated before cat) discards 2S on dan's AD on trick 3 while
	// holding 3D 4D 5D. Hearts: cat 26. Rickety Kate: cat 13, ann 13 (dan's tricks hold no
	// points).
	mixed := strings.Replace(revokeTwice, "trick dan: AD 3D 7D 8H", "trick dan: AD 2S 7D TD", 1)
	res = play(t, "game hearts\n"+mixed)
	wantRound(t, res, 1, P{"ann": 0, "bob": 0, "cat": 26, "dan": 0}, nil)
	wantViols(t, res, "revoke r=1 t=2 p=cat", "revoke r=1 t=3 p=ann")
	res = play(t, "game rickety-kate\n"+mixed)
	wantRound(t, res, 1, P{"ann": 13, "bob": 0, "cat": 13, "dan": 0}, nil)

	// fixed:5 through the option.
	res = play(t, "game hearts\noption revoke=fixed:5\n"+revokeTwice)
	wantRound(t, res, 1, P{"ann": 0, "bob": 0, "cat": 10, "dan": 1}, nil)
}

func TestRicketyKateEndAndTies(t *testing.T) {
	// reach:100. Each round ann takes QS + 2H..KH (25) and one other player AH (1).
	r := func(other string) string { return "round\ntook ann: QS " + hearts2K + "\ntook " + other + ": AH\n" }
	head := "game rickety-kate\nplayers ann bob cat dan\n"

	// r1 bob, r2 cat, r3 bob, r4 bob: ann 100 (reaches 100: the game ends), bob 3, cat 1,
	// dan 0: dan wins alone.
	res := play(t, head+r("bob")+r("cat")+r("bob")+r("bob"))
	wantRound(t, res, 3, P{"ann": 25, "bob": 1, "cat": 0, "dan": 0}, P{"ann": 75, "bob": 2, "cat": 1, "dan": 0})
	wantTotals(t, res, P{"ann": 100, "bob": 3, "cat": 1, "dan": 0})
	wantEnd(t, res, true, "dan")

	// Three rounds only: ann 75, nobody at 100: unfinished, no winner.
	res = play(t, head+r("bob")+r("cat")+r("bob"))
	wantEnd(t, res, false, "")

	// r4 gives dan the AH: ann 100, bob 2, cat 1, dan 1: cat and dan tie for lowest: the
	// game is undecided (RULES §7 Ties).
	tied := head + r("bob") + r("cat") + r("bob") + r("dan")
	res = play(t, tied)
	wantTotals(t, res, P{"ann": 100, "bob": 2, "cat": 1, "dan": 1})
	wantEnd(t, res, false, "", "cat", "dan")

	// A tie-break round between cat and dan: cat takes QS (13), dan nothing: dan wins. Its
	// points are keyed by the participants and added to the totals: cat 14, dan 1.
	res = play(t, tied+"round tiebreak cat dan\ntook cat: QS\ntook dan: -\n")
	wantRound(t, res, 5, P{"cat": 13, "dan": 0}, P{"ann": 100, "bob": 2, "cat": 14, "dan": 1})
	assert.Equal(t, []string{"cat", "dan"}, round(t, res, 5).Tiebreak)
	wantEnd(t, res, true, "dan")
	wantViols(t, res)

	// Tied again in the first tie-break (both 0), then cat wins the second (dan takes 2H).
	res = play(t, tied+"round tiebreak cat dan\ntook cat: -\ntook dan: -\n")
	wantEnd(t, res, false, "", "cat", "dan")
	res = play(t, tied+"round tiebreak cat dan\ntook cat: -\ntook dan: -\nround tiebreak cat dan\ntook dan: 2H\n")
	wantEnd(t, res, true, "cat")
	wantTotals(t, res, P{"ann": 100, "bob": 2, "cat": 1, "dan": 2})

	// A normal round after the game was decided: after-game-end, not scored.
	res = play(t, head+r("bob")+r("cat")+r("bob")+r("bob")+r("cat"))
	wantTotals(t, res, P{"ann": 100, "bob": 3, "cat": 1, "dan": 0})
	assert.True(t, round(t, res, 5).Ignored)
	wantEnd(t, res, true, "dan")
	wantViols(t, res, "after-game-end r=5 t=0 p=")
}

func TestTiebreakPlayed(t *testing.T) {
	// Hearts, ann reaches 100 after four rounds (25 each), bob took AH every time (4): cat and
	// dan tie at 0. The tie-break between them is played with the full deck (2 players, 26
	// each; RULES §7): cat holds 2C and leads it, dan wins 3C; dan leads 2D, cat (no diamond)
	// discards 2H: dan takes 1 point, cat 0: cat wins.
	src := "game hearts\nplayers ann bob cat dan\n" +
		rounds(4, "took ann: QS "+hearts2K+"\ntook bob: AH") +
		"round tiebreak cat dan\ntrick cat: 2C 3C\ntrick dan: 2D 2H\n"
	res := play(t, src)
	wantRound(t, res, 4, P{"ann": 25, "bob": 1, "cat": 0, "dan": 0}, P{"ann": 100, "bob": 4, "cat": 0, "dan": 0})
	wantRound(t, res, 5, P{"cat": 0, "dan": 1}, P{"ann": 100, "bob": 4, "cat": 0, "dan": 1})
	wantEnd(t, res, true, "cat")
	wantViols(t, res)
	// The tie-break's dealer is the next participant clockwise after the previous dealer:
	// round 4 was dealt by dan (ann, bob, cat, dan), so cat deals and dan is eldest.
	if d := round(t, res, 5).Dealer; assert.NotNil(t, d) {
		assert.Equal(t, "cat", *d)
	}

	// The no-tricks bonus applies in tie-breaks too (RULES §7): with no-tricks-bonus=5 cat,
	// who won no trick of the tie-break, subtracts 5: cat -5, dan 1.
	res = play(t, "game hearts\nplayers ann bob cat dan\noption no-tricks-bonus=5\n"+
		rounds(4, "took ann: QS "+hearts2K+"\ntook bob: AH")+
		"round tiebreak cat dan\ntrick cat: 2C 3C\ntrick dan: 2D 2H\n")
	wantRound(t, res, 5, P{"cat": -5, "dan": 1}, nil)
	wantEnd(t, res, true, "cat")
}

func TestRicketyKate36(t *testing.T) {
	head := "game rickety-kate-36\nplayers ann bob cat dan\n"
	moon := "round\ntook ann: QS JH AH KH QH " + ones + "\n"

	// Values (RULES §3): JH 5, AH 4, KH 3, QH 2, other hearts 1, QS 13: T = 5+4+3+2+9+13 = 36.
	res := play(t, head+"round\ntook ann: JH AH KH QH 2H\ntook bob: QS 3H\n")
	wantRound(t, res, 1, P{"ann": 5 + 4 + 3 + 2 + 1, "bob": 14, "cat": 0, "dan": 0}, nil)

	// Recorded choice (moon ann new / old).
	res = play(t, head+moon+"moon ann new\n")
	wantRound(t, res, 1, P{"ann": -36, "bob": 0, "cat": 0, "dan": 0}, nil)
	wantMoon(t, res, 1, "ann", "new", "recorded")
	res = play(t, head+moon+"moon ann old\n")
	wantRound(t, res, 1, P{"ann": 0, "bob": 36, "cat": 36, "dan": 36}, nil)
	wantMoon(t, res, 1, "ann", "old", "recorded")

	// Not recorded, and the game does not end under old: old.
	res = play(t, head+moon)
	wantRound(t, res, 1, P{"ann": 0, "bob": 36, "cat": 36, "dan": 36}, nil)
	wantMoon(t, res, 1, "ann", "old", "auto")

	// Failed moon: all but 2H: 36 - 1 = 35; bob 2H 1.
	res = play(t, head+"round\ntook ann: QS JH AH KH QH 3H 4H 5H 6H 7H 8H 9H TH\ntook bob: 2H\n")
	wantRound(t, res, 1, P{"ann": 35, "bob": 1, "cat": 0, "dan": 0}, nil)
	wantMoon(t, res, 1, "", "", "")

	// Four rounds that bring the totals to ann 50, bob 68, cat 26, dan 0:
	//   r1, r2: ann QS JH AH KH (13+5+4+3 = 25), bob QH + ones (2+9 = 11)
	//   r3: bob QS JH AH KH (25), cat QH + ones (11)
	//   r4: bob QS JH KH (13+5+3 = 21), cat AH QH + ones (4+2+9 = 15)
	four := "round\ntook ann: QS JH AH KH\ntook bob: QH " + ones + "\n" +
		"round\ntook ann: QS JH AH KH\ntook bob: QH " + ones + "\n" +
		"round\ntook bob: QS JH AH KH\ntook cat: QH " + ones + "\n" +
		"round\ntook bob: QS JH KH\ntook cat: AH QH " + ones + "\n"
	res = play(t, head+four)
	wantTotals(t, res, P{"ann": 50, "bob": 68, "cat": 26, "dan": 0})
	wantEnd(t, res, false, "")

	// r5: dan shoots the moon, not recorded. Under old: ann 86, bob 104, cat 62, dan 0: the
	// game ends (bob > 100) with dan the single lowest, so old stands and dan wins.
	res = play(t, head+four+"round\ntook dan: QS JH AH KH QH "+ones+"\n")
	wantRound(t, res, 5, P{"ann": 36, "bob": 36, "cat": 36, "dan": 0}, P{"ann": 86, "bob": 104, "cat": 62, "dan": 0})
	wantMoon(t, res, 5, "dan", "old", "auto")
	wantEnd(t, res, true, "dan")

	// r5 instead: ann QH + ones (11) -> 61, dan QS JH AH KH (25) -> 25. r6: ann shoots the
	// moon, not recorded. Under old: ann 61, bob 104, cat 62, dan 61: the game would end
	// with ann tied for lowest with dan, not the single lowest, so new applies: ann 61 - 36 =
	// 25, the others unchanged (bob 68, cat 26, dan 25), and nobody is over 100.
	res = play(t, head+four+"round\ntook ann: QH "+ones+"\ntook dan: QS JH AH KH\n"+moon)
	wantRound(t, res, 5, P{"ann": 11, "bob": 0, "cat": 0, "dan": 25}, P{"ann": 61, "bob": 68, "cat": 26, "dan": 25})
	wantRound(t, res, 6, P{"ann": -36, "bob": 0, "cat": 0, "dan": 0}, P{"ann": 25, "bob": 68, "cat": 26, "dan": 25})
	wantMoon(t, res, 6, "ann", "new", "auto")
	wantEnd(t, res, false, "")
}

func TestRicketyKate36Exceed(t *testing.T) {
	head := "game rickety-kate-36\nplayers ann bob cat dan\n"
	// exceed:100. r1-r4: ann QS JH AH KH (25), bob QH + ones (11): ann 100, bob 44. Exactly 100
	// does not exceed 100: the game goes on.
	four := rounds(4, "took ann: QS JH AH KH\ntook bob: QH "+ones)
	res := play(t, head+four)
	wantTotals(t, res, P{"ann": 100, "bob": 44, "cat": 0, "dan": 0})
	wantEnd(t, res, false, "")

	// r5: ann QH + ones (11) -> 111 > 100; cat QS JH AH KH (25). dan 0 wins.
	r5 := "round\ntook ann: QH " + ones + "\ntook cat: QS JH AH KH\n"
	res = play(t, head+four+r5)
	wantTotals(t, res, P{"ann": 111, "bob": 44, "cat": 25, "dan": 0})
	wantEnd(t, res, true, "dan")

	// exact-reset=50: ann exactly at 100 after r4 drops to 50 (the round's points exclude the
	// reset, its totals include it); after r5 ann 61: nobody over 100.
	res = play(t, head+"option exact-reset=50\n"+four+r5)
	wantRound(t, res, 4, P{"ann": 25, "bob": 11, "cat": 0, "dan": 0}, P{"ann": 50, "bob": 44, "cat": 0, "dan": 0})
	assert.Equal(t, []string{"ann"}, round(t, res, 4).Resets)
	wantTotals(t, res, P{"ann": 61, "bob": 44, "cat": 25, "dan": 0})
	wantEnd(t, res, false, "")
}

func TestExactResetEveryPlayer(t *testing.T) {
	// Hearts with target=26 exact-reset=10. r1: ann QS (13), bob 13 hearts (13). r2: ann 13
	// hearts, bob QS: both exactly 26, both reset to 16 before the end check, so the game
	// (reach:26) does not end.
	src := "game hearts\nplayers ann bob cat dan\noption target=26 exact-reset=10\n" +
		"round\ntook ann: QS\ntook bob: " + allHearts + "\n" +
		"round\ntook ann: " + allHearts + "\ntook bob: QS\n"
	res := play(t, src)
	wantRound(t, res, 2, P{"ann": 13, "bob": 13, "cat": 0, "dan": 0}, P{"ann": 16, "bob": 16, "cat": 0, "dan": 0})
	assert.ElementsMatch(t, []string{"ann", "bob"}, round(t, res, 2).Resets)
	wantEnd(t, res, false, "")

	// target=25 exact-reset=10. r1 as above: 13, 13. r2: ann 2H..KH (12) -> 25 exactly ->
	// reset to 15; bob QS -> 26 >= 25: the game ends after the reset; cat took AH (1), dan 0
	// wins.
	src = "game hearts\nplayers ann bob cat dan\noption target=25 exact-reset=10\n" +
		"round\ntook ann: QS\ntook bob: " + allHearts + "\n" +
		"round\ntook ann: " + hearts2K + "\ntook bob: QS\ntook cat: AH\n"
	res = play(t, src)
	wantRound(t, res, 2, P{"ann": 12, "bob": 13, "cat": 1, "dan": 0}, P{"ann": 15, "bob": 26, "cat": 1, "dan": 0})
	wantEnd(t, res, true, "dan")

	// No exact reset under end=rounds (RULES §7): slippery-anne, rounds=1, target=13,
	// exact-reset=5: ann takes QS, 13 = target, but stays at 13.
	res = play(t, "game slippery-anne\nplayers ann bob cat\noption rounds=1 target=13 exact-reset=5\nround\ntook ann: QS\ntook bob: -\n")
	wantTotals(t, res, P{"ann": 13, "bob": 0, "cat": 0})
	assert.Empty(t, round(t, res, 1).Resets)
	wantEnd(t, res, false, "", "bob", "cat")
}

func TestBlackMaria(t *testing.T) {
	head := "game black-maria\nplayers ann bob cat\n"
	// Values H 1, QS 13, KS 10, AS 7: T = 13 + 13 + 10 + 7 = 43. moon=none: taking all 43 is
	// no moon.
	res := play(t, head+"round\ntook ann: QS KS AS "+allHearts+"\n")
	wantRound(t, res, 1, P{"ann": 43, "bob": 0, "cat": 0}, nil)
	wantMoon(t, res, 1, "", "", "")
	res = play(t, head+"round\ntook ann: QS\ntook bob: KS AS\ntook cat: "+allHearts+"\n")
	wantRound(t, res, 1, P{"ann": 13, "bob": 17, "cat": 13}, nil)

	// end=rounds, 3N = 9 rounds for three players. Each round ann QS (13), bob KS (10), cat
	// AS + 13 hearts (20). After 8 rounds ann 104 > 100 but the game goes on; after 9: ann
	// 117, bob 90, cat 180: bob wins. A tenth round is after-game-end.
	r := "took ann: QS\ntook bob: KS\ntook cat: AS " + allHearts
	res = play(t, head+rounds(8, r))
	wantTotals(t, res, P{"ann": 104, "bob": 80, "cat": 160})
	wantEnd(t, res, false, "")
	res = play(t, head+rounds(9, r))
	wantTotals(t, res, P{"ann": 117, "bob": 90, "cat": 180})
	wantEnd(t, res, true, "bob")
	res = play(t, head+rounds(10, r))
	wantTotals(t, res, P{"ann": 117, "bob": 90, "cat": 180})
	wantViols(t, res, "after-game-end r=10 t=0 p=")

	// Four players: 12 rounds.
	res = play(t, "game black-maria\nplayers ann bob cat dan\n"+rounds(11, "took dan: QS"))
	wantEnd(t, res, false, "")
	res = play(t, "game black-maria\nplayers ann bob cat dan\n"+rounds(12, "took dan: QS\ntook cat: KS"))
	wantTotals(t, res, P{"ann": 0, "bob": 0, "cat": 120, "dan": 156})
	wantEnd(t, res, false, "", "ann", "bob")
}

func TestBlackMariaRevoke(t *testing.T) {
	// Three players (2C out), eldest bob leads. Trick 1: bob 3C, cat 4C, ann discards 2H
	// (cat wins, 1 point); trick 2: cat 5C, ann 6C, bob 7C: ann held a club on trick 1 -> a
	// revoke by ann. (No first-trick ban in Black Maria.)
	src := func(opt string) string {
		return "game black-maria\nplayers ann bob cat\n" + opt + "round\ntrick bob: 3C 4C 2H\ntrick cat: 5C 6C 7C\n"
	}
	res := play(t, src(""))
	// revoke=all: ann scores T = 43 (not just the 1 point played), the others 0.
	wantRound(t, res, 1, P{"ann": 43, "bob": 0, "cat": 0}, nil)
	wantMoon(t, res, 1, "", "", "")
	wantViols(t, res, "revoke r=1 t=1 p=ann")
	res = play(t, src("option revoke=fixed:13\n"))
	wantRound(t, res, 1, P{"ann": 13, "bob": 0, "cat": 1}, nil)
	res = play(t, src("option revoke=none\n"))
	wantRound(t, res, 1, P{"ann": 0, "bob": 0, "cat": 1}, nil)
	wantViols(t, res, "revoke r=1 t=1 p=ann")

	// Six players remove 2C 2D 2H 2S: T = 12 hearts + 30 = 42 (RULES §7). ann discards 3H on
	// trick 1 and plays 9C on trick 2: revoke; revoke=all gives her 42.
	res = play(t, "game black-maria\nplayers ann bob cat dan eve fay\nround\n"+
		"trick bob: 3C 4C 5C 6C 7C 3H\ntrick fay: 8C 9C TC JC QC KC\n")
	wantRound(t, res, 1, P{"ann": 42, "bob": 0, "cat": 0, "dan": 0, "eve": 0, "fay": 0}, nil)
	wantViols(t, res, "revoke r=1 t=1 p=ann")
}

func TestHearts(t *testing.T) {
	head := "game hearts\nplayers ann bob cat dan\n"
	// Old moon: T = 26.
	res := play(t, head+"round\ntook ann: QS "+allHearts+"\n")
	wantRound(t, res, 1, P{"ann": 0, "bob": 26, "cat": 26, "dan": 26}, nil)
	wantMoon(t, res, 1, "ann", "old", "auto")
	// moon=new: -26.
	res = play(t, head+"option moon=new\nround\ntook ann: QS "+allHearts+"\n")
	wantRound(t, res, 1, P{"ann": -26, "bob": 0, "cat": 0, "dan": 0}, nil)
	wantMoon(t, res, 1, "ann", "new", "auto")
	// moon=none: the cards score as usual.
	res = play(t, head+"option moon=none\nround\ntook ann: QS "+allHearts+"\n")
	wantRound(t, res, 1, P{"ann": 26, "bob": 0, "cat": 0, "dan": 0}, nil)
	wantMoon(t, res, 1, "", "", "")
	// Failed moon.
	res = play(t, head+"round\ntook ann: "+allHearts+"\ntook bob: QS\n")
	wantRound(t, res, 1, P{"ann": 13, "bob": 13, "cat": 0, "dan": 0}, nil)
	wantMoon(t, res, 1, "", "", "")

	// Five players remove 2D 2C; T stays 26 (no heart out).
	res = play(t, "game hearts\nplayers ann bob cat dan eve\nround\ntook eve: QS "+allHearts+"\n")
	wantRound(t, res, 1, P{"ann": 26, "bob": 26, "cat": 26, "dan": 26, "eve": 0}, nil)

	// reach:100 with the default target; dan 0 wins.
	res = play(t, head+rounds(4, "took ann: QS "+hearts2K+"\ntook bob: AH\ntook cat: -"))
	wantTotals(t, res, P{"ann": 100, "bob": 4, "cat": 0, "dan": 0})
	wantEnd(t, res, false, "", "cat", "dan")
	// target=50 through the option: ann 25 + 25 = 50 reaches it after two rounds; bob 1,
	// cat 1, dan 0 wins.
	res = play(t, head+"option target=50\nround\ntook ann: QS "+hearts2K+"\ntook bob: AH\nround\ntook ann: QS "+hearts2K+"\ntook cat: AH\n")
	wantTotals(t, res, P{"ann": 50, "bob": 1, "cat": 1, "dan": 0})
	wantEnd(t, res, true, "dan")
}

func TestNoTricksBonus(t *testing.T) {
	// no-tricks-bonus=5 (RULES §3): one trick played, dan wins it (QC): ann, bob and cat won
	// no trick and subtract 5.
	src := "game hearts\nplayers ann bob cat dan\noption pass=none no-tricks-bonus=5\nround\ntrick ann: 2C 6C 9C QC\n"
	res := play(t, src)
	wantRound(t, res, 1, P{"ann": -5, "bob": -5, "cat": -5, "dan": 0}, nil)

	// Not in tally rounds (RULES §7).
	res = play(t, "game hearts\nplayers ann bob cat dan\noption no-tricks-bonus=5\nround\ntook ann: QS\n")
	wantRound(t, res, 1, P{"ann": 13, "bob": 0, "cat": 0, "dan": 0}, nil)

	// Void under revoke=all (RULES §7): revokeTwice under Hearts: cat 26, nobody -5.
	res = play(t, "game hearts\n"+revokeTwice+"")
	wantRound(t, res, 1, P{"ann": 0, "bob": 0, "cat": 26, "dan": 0}, nil)
	res = play(t, "game hearts\noption no-tricks-bonus=5\n"+revokeTwice)
	wantRound(t, res, 1, P{"ann": 0, "bob": 0, "cat": 26, "dan": 0}, nil)

	// Not when someone shot the moon: moonPlay, ann won every trick.
	res = play(t, "game rickety-kate\noption no-tricks-bonus=5\n"+moonPlay)
	wantRound(t, res, 1, P{"ann": 0, "bob": 39, "cat": 26, "dan": 26}, nil)
}

func TestOmnibus(t *testing.T) {
	head := "game omnibus\nplayers ann bob cat dan\n"
	// JD -10 (jd-bonus): ann JD + 2H = -10 + 1 = -9.
	res := play(t, head+"round\ntook ann: JD 2H\ntook bob: QS\n")
	wantRound(t, res, 1, P{"ann": -9, "bob": 13, "cat": 0, "dan": 0}, nil)
	// jd-bonus=off: JD is plain: ann 1.
	res = play(t, head+"option jd-bonus=off\nround\ntook ann: JD 2H\ntook bob: QS\n")
	wantRound(t, res, 1, P{"ann": 1, "bob": 13, "cat": 0, "dan": 0}, nil)
	// td-bonus=on adds TD -10.
	res = play(t, head+"option td-bonus=on\nround\ntook ann: JD TD 2H\n")
	wantRound(t, res, 1, P{"ann": -19, "bob": 0, "cat": 0, "dan": 0}, nil)

	// Moon with the JD (old): bonus cards are not needed and still count for whoever won
	// them (RULES §4.2): ann 0 - 10 = -10, others 26.
	res = play(t, head+"round\ntook ann: QS JD "+allHearts+"\n")
	wantRound(t, res, 1, P{"ann": -10, "bob": 26, "cat": 26, "dan": 26}, nil)
	wantMoon(t, res, 1, "ann", "old", "auto")
	// new: ann -10 - 26 = -36, others 0.
	res = play(t, head+"option moon=new\nround\ntook ann: QS JD "+allHearts+"\n")
	wantRound(t, res, 1, P{"ann": -36, "bob": 0, "cat": 0, "dan": 0}, nil)
	// Moon without the JD: bob took it: ann 0, bob 26 - 10 = 16.
	res = play(t, head+"round\ntook ann: QS "+allHearts+"\ntook bob: JD\n")
	wantRound(t, res, 1, P{"ann": 0, "bob": 16, "cat": 26, "dan": 26}, nil)
	wantMoon(t, res, 1, "ann", "old", "auto")

	// revoke=all voids the JD too (RULES §7): deal D; on trick 2 bob discards 4S on dan's KD
	// while holding 6D..9D; cat plays JD; dan wins JD (-10). bob scores T = 26, dan 0.
	played := `players ann bob cat dan
option pass=none
round
deal ann: 2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 2S 3S
deal bob: 6C 7C 8C 6D 7D 8D 9D 5H 6H 7H 4S 5S 6S
deal cat: 9C TC JC TD JD QD 8H 9H TH JH 7S 8S 9S
deal dan: QC KC AC KD AD QH KH AH TS JS QS KS AS
trick ann: 2C 6C 9C QC
trick dan: KD 2D 4S JD
`
	res = play(t, "game omnibus\n"+played)
	wantRound(t, res, 1, P{"ann": 0, "bob": 26, "cat": 0, "dan": 0}, nil)
	wantViols(t, res, "revoke r=1 t=2 p=bob")
	// fixed:13 keeps the JD: bob 13, dan -10.
	res = play(t, "game omnibus\noption revoke=fixed:13\n"+played)
	wantRound(t, res, 1, P{"ann": 0, "bob": 13, "cat": 0, "dan": -10}, nil)
}

func TestDirtyLady(t *testing.T) {
	head := "game dirty-lady\nplayers ann bob cat dan\n"
	// Values AH 5, KH 4, QH 3, JH 2, other hearts 1, QS 13: T = 5+4+3+2+9+13 = 36.
	res := play(t, head+"round\ntook ann: AH KH QH JH 2H\n")
	wantRound(t, res, 1, P{"ann": 5 + 4 + 3 + 2 + 1, "bob": 0, "cat": 0, "dan": 0}, nil)
	// new moon: all 14 penalty cards score -36, others add nothing.
	res = play(t, head+"round\ntook ann: QS "+allHearts+"\n")
	wantRound(t, res, 1, P{"ann": -36, "bob": 0, "cat": 0, "dan": 0}, nil)
	wantMoon(t, res, 1, "ann", "new", "auto")
	// Failed: all but 2H: 35, bob 1.
	res = play(t, head+"round\ntook ann: QS 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH\ntook bob: 2H\n")
	wantRound(t, res, 1, P{"ann": 35, "bob": 1, "cat": 0, "dan": 0}, nil)
	wantMoon(t, res, 1, "", "", "")

	// QS passed (pass-forbidden): reported, the score is unchanged (RULES §4.3): passes go
	// left in every round; bob, who received QS, takes it: 13.
	res = play(t, head+"round\npass ann: QS 2H 3H\npass bob: 5H 6H 7H\npass cat: 8H 9H TH\npass dan: 2C 3C 4C\ntook bob: QS\ntook cat: 2H\n")
	wantRound(t, res, 1, P{"ann": 0, "bob": 13, "cat": 1, "dan": 0}, nil)
	wantViols(t, res, "pass-forbidden r=1 t=0 p=ann")

	// end=rounds: 3N = 12 rounds for four players.
	res = play(t, head+rounds(11, "took ann: QS"))
	wantEnd(t, res, false, "")
	res = play(t, head+rounds(12, "took ann: QS\ntook bob: 2H\ntook cat: 3H 4H"))
	wantTotals(t, res, P{"ann": 156, "bob": 12, "cat": 24, "dan": 0})
	wantEnd(t, res, true, "dan")
}

func TestSlipperyAnne(t *testing.T) {
	head := "game slippery-anne\nplayers ann bob cat\n"
	// Only QS scores (13); taking it and every heart is no moon (moon none).
	res := play(t, head+"round\ntook ann: QS "+allHearts+"\ntook bob: KS AS\n")
	wantRound(t, res, 1, P{"ann": 13, "bob": 0, "cat": 0}, nil)
	wantMoon(t, res, 1, "", "", "")

	// revoke=all: T = 13. Trick 1: bob 3C, cat 4C, ann QS (ann later shows 6C): cat would win
	// QS; instead ann scores 13 and cat 0.
	res = play(t, head+"round\ntrick bob: 3C 4C QS\ntrick cat: 5C 6C 7C\n")
	wantRound(t, res, 1, P{"ann": 13, "bob": 0, "cat": 0}, nil)
	wantViols(t, res, "revoke r=1 t=1 p=ann")

	// Three-way tie at 13 after rounds=3; a tie-break among all three leaves bob and cat tied
	// (ann 13, bob 0, cat 0); a second between bob and cat: bob takes QS, cat wins.
	three := head + "option rounds=3\nround\ntook ann: QS\nround\ntook bob: QS\nround\ntook cat: QS\n"
	res = play(t, three)
	wantEnd(t, res, false, "", "ann", "bob", "cat")
	res = play(t, three+"round tiebreak ann bob cat\ntook ann: QS\n")
	wantEnd(t, res, false, "", "bob", "cat")
	res = play(t, three+"round tiebreak ann bob cat\ntook ann: QS\nround tiebreak bob cat\ntook bob: QS\n")
	wantRound(t, res, 5, P{"bob": 13, "cat": 0}, P{"ann": 26, "bob": 26, "cat": 13})
	wantEnd(t, res, true, "cat")
	wantViols(t, res)
}

func TestBlackJack(t *testing.T) {
	head := "game black-jack\nplayers ann bob cat dan\n"
	// JS 10, QS plain, hearts 1: ann JS QS 2H = 11. T = 13 + 10 = 23.
	res := play(t, head+"round\ntook ann: JS QS 2H\n")
	wantRound(t, res, 1, P{"ann": 11, "bob": 0, "cat": 0, "dan": 0}, nil)
	// Moon (old) with JS and the hearts, QS elsewhere: ann 0, the others 23 (bob's QS 0).
	res = play(t, head+"round\ntook ann: JS "+allHearts+"\ntook bob: QS\n")
	wantRound(t, res, 1, P{"ann": 0, "bob": 23, "cat": 23, "dan": 23}, nil)
	wantMoon(t, res, 1, "ann", "old", "auto")
	// Failed: AH elsewhere: ann 10 + 12 = 22, bob 1.
	res = play(t, head+"round\ntook ann: JS QS "+hearts2K+"\ntook bob: AH\n")
	wantRound(t, res, 1, P{"ann": 22, "bob": 1, "cat": 0, "dan": 0}, nil)
	wantMoon(t, res, 1, "", "", "")
}

func TestCancellation(t *testing.T) {
	head := "game cancellation\nplayers ann bob cat dan eve fay\n"
	// Six players: two decks less one 2C and one 2D, 17 cards each; ann deals, bob leads.
	//  t1 bob AC, cat AC cancel; dan's KC wins (no points).
	//  t2 dan leads 8C 8C 9C 9C TC TC: every card cancelled: nobody wins, dan leads again.
	//  t3 dan 6C, eve 7C, fay JC, ann QC, bob 2H, cat QS: ann's QC wins t3 and the cards of t2:
	//     2H + QS = 14.
	//  t4 ann leads 7D 7D 8D 8D 9D 9D: all cancelled on the last trick: the cards go to ann.
	src := head + "round\ntrick bob: AC AC KC 3C 4C 5C\ntrick dan: 8C 8C 9C 9C TC TC\ntrick dan: 6C 7C JC QC 2H QS\ntrick ann: 7D 7D 8D 8D 9D 9D\n"
	res := play(t, src)
	wantRound(t, res, 1, P{"ann": 14, "bob": 0, "cat": 0, "dan": 0, "eve": 0, "fay": 0}, nil)
	wantViols(t, res)

	// Both QS in one trick cancel each other as winners, not as points: t1 bob 3S, cat QS,
	// dan QS, eve 4S, fay 5S, ann 6S: ann's 6S wins 26.
	res = play(t, head+"round\ntrick bob: 3S QS QS 4S 5S 6S\n")
	wantRound(t, res, 1, P{"ann": 26, "bob": 0, "cat": 0, "dan": 0, "eve": 0, "fay": 0}, nil)

	// A moon needs all 28 penalty cards of both decks: T = 52 (old: others +52).
	both := "QS QS 2H 2H 3H 3H 4H 4H 5H 5H 6H 6H 7H 7H 8H 8H 9H 9H TH TH JH JH QH QH KH KH AH"
	res = play(t, head+"round\ntook ann: "+both+" AH\n")
	wantRound(t, res, 1, P{"ann": 0, "bob": 52, "cat": 52, "dan": 52, "eve": 52, "fay": 52}, nil)
	wantMoon(t, res, 1, "ann", "old", "auto")
	// One AH short: 26 + 25 = 51, bob 1.
	res = play(t, head+"round\ntook ann: "+both+"\ntook bob: AH\n")
	wantRound(t, res, 1, P{"ann": 51, "bob": 1, "cat": 0, "dan": 0, "eve": 0, "fay": 0}, nil)
	wantMoon(t, res, 1, "", "", "")
}

func TestCancellationNoTricksBonus(t *testing.T) {
	// no-tricks-bonus=5 with cancelled tricks. "Cards carried from a cancelled trick do not
	// count as a trick won" (RULES §7): the single trick of this round is all cancelled and,
	// being the last, its cards go to its leader bob (RULES §5) -- but nobody won a trick, so
	// every player subtracts 5.
	res := play(t, "game cancellation\nplayers ann bob cat dan eve fay\noption no-tricks-bonus=5\nround\ntrick bob: KD KD QD QD JD JD\n")
	wantRound(t, res, 1, P{"ann": -5, "bob": -5, "cat": -5, "dan": -5, "eve": -5, "fay": -5}, nil)
}

func TestNotInHandStillScores(t *testing.T) {
	// A card a player cannot hold is still played and scores for the trick's winner (RULES
	// §7), and is not judged (no revoke): deal D, bob plays dan's QS on trick 1 (he holds
	// clubs); dan's QC wins it: dan 13. Hearts (revoke=all) would void the round on a revoke.
	src := `game hearts
players ann bob cat dan
option pass=none
round
deal ann: 2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 2S 3S
deal bob: 6C 7C 8C 6D 7D 8D 9D 5H 6H 7H 4S 5S 6S
deal cat: 9C TC JC TD JD QD 8H 9H TH JH 7S 8S 9S
deal dan: QC KC AC KD AD QH KH AH TS JS QS KS AS
trick ann: 2C QS 9C QC
`
	res := play(t, src)
	wantRound(t, res, 1, P{"ann": 0, "bob": 0, "cat": 0, "dan": 13}, nil)
	wantViols(t, res, "not-in-hand r=1 t=1 p=bob")
}

func TestMoonChoiceWithReset(t *testing.T) {
	// moon=choice not recorded: the complete round is evaluated under old, exact reset
	// included (RULES §7). Rickety Kate, moon=choice exact-reset=50 (reach:100).
	//   r1 ann QS + 2H..KH 25, bob AH 1           -> ann 25, bob 1
	//   r2 ann QS 13, bob 13 hearts 13            -> ann 38, bob 14
	//   r3 ann AH 1, bob QS + 2H..KH 25           -> ann 39, bob 39
	//   r4 ann AH 1, bob QS + 2H..KH 25           -> ann 40, bob 64
	//   r5 bob 2H..JH 10, cat QH KH AH 3, dan QS 13 -> ann 40, bob 74, cat 3, dan 13
	//   r6 ann shoots the moon. Under old: ann 40, bob 74 + 26 = 100 exactly -> reset to 50,
	//      cat 29, dan 39: nobody at 100, the game goes on, so old stands (without the reset
	//      the game would end with cat lowest and new would apply).
	src := "game rickety-kate\nplayers ann bob cat dan\noption moon=choice exact-reset=50\n" +
		"round\ntook ann: QS " + hearts2K + "\ntook bob: AH\n" +
		"round\ntook ann: QS\ntook bob: " + allHearts + "\n" +
		"round\ntook ann: AH\ntook bob: QS " + hearts2K + "\n" +
		"round\ntook ann: AH\ntook bob: QS " + hearts2K + "\n" +
		"round\ntook bob: 2H 3H 4H 5H 6H 7H 8H 9H TH JH\ntook cat: QH KH AH\ntook dan: QS\n" +
		"round\ntook ann: QS " + allHearts + "\n"
	res := play(t, src)
	wantRound(t, res, 5, P{"ann": 0, "bob": 10, "cat": 3, "dan": 13}, P{"ann": 40, "bob": 74, "cat": 3, "dan": 13})
	wantRound(t, res, 6, P{"ann": 0, "bob": 26, "cat": 26, "dan": 26}, P{"ann": 40, "bob": 50, "cat": 29, "dan": 39})
	wantMoon(t, res, 6, "ann", "old", "auto")
	assert.Equal(t, []string{"bob"}, round(t, res, 6).Resets)
	wantEnd(t, res, false, "")
}

func TestTiebreakEdges(t *testing.T) {
	head := "game slippery-anne\nplayers ann bob cat\noption rounds=2\n"
	// rounds=2: r1 ann QS, r2 ann QS: ann 26, bob and cat tied at 0.
	tied := head + "round\ntook ann: QS\nround\ntook ann: QS\n"
	res := play(t, tied)
	wantEnd(t, res, false, "", "bob", "cat")

	// A normal round after a tied end is after-game-end (the game ended, undecided).
	res = play(t, tied+"round\ntook bob: QS\n")
	wantViols(t, res, "after-game-end r=3 t=0 p=")
	wantTotals(t, res, P{"ann": 26, "bob": 0, "cat": 0})
	wantEnd(t, res, false, "", "bob", "cat")

	// A tie-break after the game was decided is after-game-end too.
	res = play(t, tied+"round tiebreak bob cat\ntook bob: QS\nround tiebreak bob cat\ntook cat: QS\n")
	wantEnd(t, res, true, "cat")
	wantViols(t, res, "after-game-end r=4 t=0 p=")
	wantTotals(t, res, P{"ann": 26, "bob": 13, "cat": 0})

	// A tie-break recorded before the end is bad-tiebreak and not scored: r1 ann QS,
	// tie-break bob cat (ignored), r2 cat QS: ann 13, bob 0, cat 13 after two normal rounds:
	// bob wins.
	res = play(t, head+"round\ntook ann: QS\nround tiebreak bob cat\ntook bob: QS\nround\ntook cat: QS\n")
	wantViols(t, res, "bad-tiebreak r=2 t=0 p=")
	wantTotals(t, res, P{"ann": 13, "bob": 0, "cat": 13})
	wantEnd(t, res, true, "bob")

	// A tie-break among other players than the tied ones is bad-tiebreak too, and the game
	// stays undecided: bob and cat are tied, the round lists ann and bob.
	res = play(t, tied+"round tiebreak ann bob\ntook ann: QS\n")
	wantViols(t, res, "bad-tiebreak r=3 t=0 p=")
	wantTotals(t, res, P{"ann": 26, "bob": 0, "cat": 0})
	wantEnd(t, res, false, "", "bob", "cat")
}

func TestRevokePerRuleset(t *testing.T) {
	// Rickety Kate 36 (moon by choice, fixed:13) on moonPlay: ann shoots the moon, not
	// recorded; under old ann 0, bob 36 + 13 = 49, cat 36, dan 36: nobody over 100, so old
	// stands. Recorded new: ann -36, bob 0 + 13, cat 0, dan 0.
	res := play(t, "game rickety-kate-36\n"+moonPlay)
	wantRound(t, res, 1, P{"ann": 0, "bob": 49, "cat": 36, "dan": 36}, nil)
	wantMoon(t, res, 1, "ann", "old", "auto")
	wantViols(t, res, moonPlayViols...)
	res = play(t, "game rickety-kate-36\n"+moonPlay+"moon ann new\n")
	wantRound(t, res, 1, P{"ann": -36, "bob": 13, "cat": 0, "dan": 0}, nil)
	wantMoon(t, res, 1, "ann", "new", "recorded")

	// Dirty Lady (revoke=all, T = 36): eldest bob leads 3C; ann discards 2H (no first-trick
	// ban) and follows with 7C on trick 2. dan's 5C won the 2H, but ann scores all 36.
	res = play(t, "game dirty-lady\nplayers ann bob cat dan\nround\ntrick 3C 4C 5C 2H\ntrick dan: 6C 7C 8C 9C\n")
	wantRound(t, res, 1, P{"ann": 36, "bob": 0, "cat": 0, "dan": 0}, nil)
	wantViols(t, res, "revoke r=1 t=1 p=ann")

	// Cancellation (fixed:13): the same kind of late-proved revoke at six players: fay's 7C
	// wins ann's 2H (1); ann +13.
	res = play(t, "game cancellation\nplayers ann bob cat dan eve fay\nround\ntrick bob: 3C 4C 5C 6C 7C 2H\ntrick fay: 8C 9C TC JC QC KC\n")
	wantRound(t, res, 1, P{"ann": 13, "bob": 0, "cat": 0, "dan": 0, "eve": 0, "fay": 1}, nil)
	wantViols(t, res, "revoke r=1 t=1 p=ann")
}
