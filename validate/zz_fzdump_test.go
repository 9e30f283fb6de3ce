package validate_test

import (
	"fmt"
	"os"
	"strconv"
	"testing"

	"github.com/tricks-dev/tricks/parse"
)

func TestZZDump(t *testing.T) {
	seed, _ := strconv.Atoi(os.Getenv("FZSEED"))
	os.Stdout.Write(fzGameText(uint64(seed), nil))
}

func TestZZExplore(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("FZN"))
	for seed := 0; seed < n; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			src := fzGameText(uint64(seed), nil)
			func() {
				defer func() {
					if p := recover(); p != nil {
						t.Errorf("PANIC %v", p)
					}
				}()
				fzCheckSource(t, src, "fuzzgame.tricks", parse.Text)
			}()
		})
	}
}
