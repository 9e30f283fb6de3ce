package app

import (
	"bytes"
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/require"
)

// compare raises the soft memory limit by what its workers hold for every entry: below it
// the collector would run without end on a comparison of many entries. GOMEMLIMIT wins.
func TestCompareRaisesMemoryLimit(t *testing.T) {
	was := debug.SetMemoryLimit(-1)
	t.Cleanup(func() { debug.SetMemoryLimit(was) })
	t.Setenv("GOMEMLIMIT", "")

	var out, errb bytes.Buffer
	args := []string{"tricks", "compare", "-j", "2"}
	for range 10 {
		args = append(args, "-r", "hearts")
	}
	args = append(args, "../../../../testdata/examples/hearts.tricks")
	require.Equal(t, 0, runWith(args, nil, &out, &errb, options{}), errb.String())
	require.Equal(t, int64(softLimit+2*10*compareEntryBytes), debug.SetMemoryLimit(-1))

	t.Setenv("GOMEMLIMIT", "1GiB")
	debug.SetMemoryLimit(1 << 30)
	require.Equal(t, 0, runWith(args, nil, &out, &errb, options{}), errb.String())
	require.Equal(t, int64(1<<30), debug.SetMemoryLimit(-1), "GOMEMLIMIT is left as it is")
}
