package parse

import "strings"

// Suggest returns the one choice that word is most likely a slip for (a letter wrong, missing,
// extra or two swapped; more in longer words; case ignored), or "" when none is close or two
// are equally close. Messages use it for "did you mean": misspelt names, keywords, options.
func Suggest(word string, choices []string) string {
	w := strings.ToLower(word)
	limit := 1
	if len(w) > 5 {
		limit = 2
	}
	best, bestD, ties := "", limit+1, 0
	for _, c := range choices {
		if c == word {
			return "" // not a slip
		}
		d := editDistance(w, strings.ToLower(c), limit)
		switch {
		case d < bestD:
			best, bestD, ties = c, d, 0
		case d == bestD:
			ties++
		}
	}
	if best == "" || ties > 0 {
		return ""
	}
	return best
}

// DidYouMean is "; did you mean X?" for Suggest's choice, or "".
func DidYouMean(word string, choices []string) string {
	if s := Suggest(word, choices); s != "" {
		return "; did you mean " + s + "?"
	}
	return ""
}

// editDistance is the optimal string alignment distance of a and b (insertions, deletions,
// substitutions and transpositions of neighbours), or limit+1 when it is more than limit.
func editDistance(a, b string, limit int) int {
	if d := len(a) - len(b); d > limit || -d > limit {
		return limit + 1
	}
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	if prev[len(b)] > limit {
		return limit + 1
	}
	return prev[len(b)]
}
