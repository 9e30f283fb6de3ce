package simulate

import (
	"math/bits"

	"github.com/tricks-dev/tricks/parse"
)

// random is math/rand/v2's PCG (PCG-DXSM, the same 128-bit state and output function) with
// the draws the simulator makes (IntN, Uint64N, Float64, shuffle) as math/rand/v2's Rand
// makes them over it: the same numbers in the same order for a seed, so the games of a seed
// do not change (TestRandomIsRand compares the two; on 32-bit machines Rand draws bounded
// numbers otherwise, random as on 64-bit ones). Its calls are inlined where the package's go
// through the Source interface: a game draws about 150 numbers.
type random struct{ hi, lo uint64 }

// seed sets the state as rand.NewPCG(seed1, seed2) does.
func (p *random) seed(seed1, seed2 uint64) { p.hi, p.lo = seed1, seed2 }

// step is rand.PCG.Uint64 from the state (hi, lo): a step of the LCG, then the DXSM output
// function. It returns the new state and the output.
func step(hi, lo uint64) (uint64, uint64, uint64) {
	const (
		mulHi = 2549297995355413924
		mulLo = 4865540595714422341
		incHi = 6364136223846793005
		incLo = 1442695040888963407
	)
	h, l := bits.Mul64(lo, mulLo)
	h += hi*mulLo + lo*mulHi
	l, c := bits.Add64(l, incLo, 0)
	h, _ = bits.Add64(h, incHi, c)
	const cheapMul = 0xda942042e4dd58b5
	x := h
	x ^= x >> 32
	x *= cheapMul
	x ^= x >> 48
	x *= l | 1
	return h, l, x
}

// Uint64 is rand.PCG.Uint64.
func (p *random) Uint64() uint64 {
	hi, lo, x := step(p.hi, p.lo)
	p.hi, p.lo = hi, lo
	return x
}

// lemire is rand.Rand.Uint64N's reduction of an output x to [0, n) on 64-bit machines
// (Lemire's multiply and reject), n > 0: ok false where the output may be rejected, lo then
// the low half of the product.
func lemire(x, n uint64) (v, lo uint64, ok bool) {
	if n&(n-1) == 0 { // a power of two
		return x & (n - 1), 0, true
	}
	v, lo = bits.Mul64(x, n)
	return v, lo, lo >= n
}

// Uint64N is rand.Rand.Uint64N on 64-bit machines: a number in [0, n), n > 0.
func (p *random) Uint64N(n uint64) uint64 {
	hi, lo, x := step(p.hi, p.lo) // p.Uint64(), inlined
	p.hi, p.lo = hi, lo
	v, l, ok := lemire(x, n)
	if !ok {
		thresh := -n % n
		for l < thresh {
			hi, lo, x = step(p.hi, p.lo)
			p.hi, p.lo = hi, lo
			v, l = bits.Mul64(x, n)
		}
	}
	return v
}

// IntN is rand.Rand.IntN: a number in [0, n), n > 0.
func (p *random) IntN(n int) int { return int(p.Uint64N(uint64(n))) }

// Float64 is rand.Rand.Float64: a number in [0, 1).
func (p *random) Float64() float64 { return float64(p.Uint64()<<11>>11) / (1 << 53) }

// shuffle is rand.Rand.Shuffle on cards (the same draws, Uint64N(i+1) for i from the last
// index down, the same swaps) without a call of a swap function, nor of Uint64N, for every
// card: the generator's state stays in registers for the loop.
func (p *random) shuffle(cards []parse.Card) {
	hi, lo := p.hi, p.lo
	for i := len(cards) - 1; i > 0; i-- {
		n := uint64(i + 1)
		h, l, x := step(hi, lo)
		j, _, ok := lemire(x, n)
		if !ok { // rarely: the draw again by Uint64N, from the same state
			p.hi, p.lo = hi, lo
			j = p.Uint64N(n)
			h, l = p.hi, p.lo
		}
		hi, lo = h, l
		if j < n { // always: the test spares a bounds check
			cards[i], cards[j] = cards[j], cards[i]
		}
	}
	p.hi, p.lo = hi, lo
}
