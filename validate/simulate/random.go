package simulate

import "math/bits"

// random is math/rand/v2's PCG (PCG-DXSM, the same 128-bit state and output function) with
// the draws the simulator makes (IntN, Uint64N, Float64) as math/rand/v2's Rand makes them
// over it: the same numbers in the same order for a seed, so the games of a seed do not
// change (TestRandomIsRand compares the two; on 32-bit machines Rand draws bounded numbers
// otherwise, random as on 64-bit ones). Its calls are inlined where the package's go through
// the Source interface: a game draws about 150 numbers.
type random struct{ hi, lo uint64 }

// seed sets the state as rand.NewPCG(seed1, seed2) does.
func (p *random) seed(seed1, seed2 uint64) { p.hi, p.lo = seed1, seed2 }

// Uint64 is rand.PCG.Uint64: a step of the LCG, then the DXSM output function.
func (p *random) Uint64() uint64 {
	const (
		mulHi = 2549297995355413924
		mulLo = 4865540595714422341
		incHi = 6364136223846793005
		incLo = 1442695040888963407
	)
	hi, lo := bits.Mul64(p.lo, mulLo)
	hi += p.hi*mulLo + p.lo*mulHi
	lo, c := bits.Add64(lo, incLo, 0)
	hi, _ = bits.Add64(hi, incHi, c)
	p.lo, p.hi = lo, hi
	const cheapMul = 0xda942042e4dd58b5
	hi ^= hi >> 32
	hi *= cheapMul
	hi ^= hi >> 48
	hi *= lo | 1
	return hi
}

// Uint64N is rand.Rand.Uint64N on 64-bit machines (Lemire's multiply and reject): a number
// in [0, n), n > 0.
func (p *random) Uint64N(n uint64) uint64 {
	if n&(n-1) == 0 { // a power of two
		return p.Uint64() & (n - 1)
	}
	hi, lo := bits.Mul64(p.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(p.Uint64(), n)
		}
	}
	return hi
}

// IntN is rand.Rand.IntN: a number in [0, n), n > 0.
func (p *random) IntN(n int) int { return int(p.Uint64N(uint64(n))) }

// Float64 is rand.Rand.Float64: a number in [0, 1).
func (p *random) Float64() float64 { return float64(p.Uint64()<<11>>11) / (1 << 53) }
