package app

import (
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// svgDoc is what the test reads back of the chart.
type svgDoc struct {
	XMLName xml.Name `xml:"svg"`
	NS      string   `xml:"xmlns,attr"`
	Width   string   `xml:"width,attr"`
	Height  string   `xml:"height,attr"`
	ViewBox string   `xml:"viewBox,attr"`
	Panels  []struct {
		Texts []struct {
			Class string `xml:"class,attr"`
			Text  string `xml:",chardata"`
		} `xml:"text"`
		Lines []struct {
			Class string `xml:"class,attr"`
			Value string `xml:"data-value,attr"`
			Y1    string `xml:"y1,attr"`
			Y2    string `xml:"y2,attr"`
		} `xml:"line"`
		Series []struct {
			Unit   string `xml:"data-unit,attr"`
			Points string `xml:"points,attr"`
		} `xml:"polyline"`
		Legend []struct {
			Text string `xml:"text"`
		} `xml:"g"`
	} `xml:"g"`
}

func atof(t *testing.T, s string) float64 {
	f, err := strconv.ParseFloat(s, 64)
	require.NoError(t, err, s)
	return f
}

// TestChartSVG parses the SVG of `score --chart-svg` and checks it against the scores of the
// same games: one panel per game, one line per player (side) with a point per scored round
// plus the start, the points in the order of the totals (a higher total is higher up), the
// target line where the totals say, and a legend with each final total.
func TestChartSVG(t *testing.T) {
	dir := t.TempDir()
	svg := filepath.Join(dir, "chart.svg")
	files := []string{"../../../../testdata/examples/hearts.tricks", "../../../../testdata/examples/spades.tricks"}
	code, out, stderr := simRun("", append([]string{"score", "--chart-svg", svg, "-f", "jsonl"}, files...)...)
	require.Equal(t, 0, code, stderr)
	var results []jsonlResult
	var totals []map[string]int
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var r jsonlResult
		require.NoError(t, json.Unmarshal([]byte(line), &r))
		results = append(results, r)
		var tot struct {
			Totals map[string]int `json:"totals"`
		}
		require.NoError(t, json.Unmarshal([]byte(line), &tot))
		totals = append(totals, tot.Totals)
	}
	data, err := os.ReadFile(svg)
	require.NoError(t, err)
	var doc svgDoc
	require.NoError(t, xml.Unmarshal(data, &doc))
	require.Equal(t, "http://www.w3.org/2000/svg", doc.NS)
	w, h := atof(t, doc.Width), atof(t, doc.Height)
	require.Equal(t, "0 0 "+doc.Width+" "+doc.Height, doc.ViewBox)
	require.Len(t, doc.Panels, len(results))
	targets := []int{50, 500, 500} // hearts.tricks: option target=50; both Spades games: 500
	for pi, p := range doc.Panels {
		res := results[pi]
		units := res.Players
		if res.Sides != nil {
			units = res.Sides
		}
		scored := 0
		for _, r := range res.Rounds {
			if !r.Ignored {
				scored++
			}
		}
		require.Len(t, p.Series, len(units))
		finalY := map[string]float64{}
		for u, s := range p.Series {
			require.Equal(t, units[u], s.Unit)
			pts := strings.Fields(s.Points)
			require.Len(t, pts, scored+1, s.Unit)
			for _, xy := range pts {
				x, y, ok := strings.Cut(xy, ",")
				require.True(t, ok)
				require.True(t, atof(t, x) >= 0 && atof(t, x) <= w, xy)
				require.True(t, atof(t, y) >= float64(pi)*h/float64(len(doc.Panels)) && atof(t, y) <= float64(pi+1)*h/float64(len(doc.Panels)), xy)
			}
			_, y, _ := strings.Cut(pts[len(pts)-1], ",")
			finalY[s.Unit] = atof(t, y)
		}
		// Higher totals are drawn higher (smaller y).
		for _, a := range units {
			for _, b := range units {
				if totals[pi][a] > totals[pi][b] {
					require.Less(t, finalY[a], finalY[b], "%s (%d) above %s (%d)", a, totals[pi][a], b, totals[pi][b])
				}
			}
		}
		var target []string
		for _, l := range p.Lines {
			if l.Class == "target" {
				target = append(target, l.Value)
				require.Equal(t, l.Y1, l.Y2)
				ty := atof(t, l.Y1)
				for _, u := range units {
					if totals[pi][u] > targets[pi] {
						require.Less(t, finalY[u], ty)
					} else if totals[pi][u] < targets[pi] {
						require.Greater(t, finalY[u], ty)
					}
				}
			}
		}
		require.Equal(t, []string{strconv.Itoa(targets[pi])}, target)
		require.Len(t, p.Legend, len(units))
		for u, l := range p.Legend {
			require.Equal(t, units[u]+" "+strconv.Itoa(totals[pi][units[u]]), l.Text)
		}
	}
}

// TestChartFlags: --chart goes with the table only; an SVG that cannot be written is exit 2.
func TestChartFlags(t *testing.T) {
	code, _, stderr := simRun("", "score", "--chart", "-f", "json", "../../../../testdata/examples/hearts.tricks")
	require.Equal(t, 2, code)
	require.Contains(t, stderr, "--chart")
	code, _, stderr = simRun("", "score", "--chart-svg", filepath.Join(t.TempDir(), "no", "such", "dir.svg"), "../../../../testdata/examples/hearts.tricks")
	require.Equal(t, 2, code)
	require.Contains(t, stderr, "--chart-svg")
}

// TestChartSVGCommitted: the chart committed with the README (and its PNG rendering) is what
// `tricks score --chart-svg` writes for the shipped demo; -update rewrites it (render the PNG
// again then, with any SVG renderer).
func TestChartSVGCommitted(t *testing.T) {
	t.Chdir("../../../..")
	const committed = "testdata/charts/hearts.svg"
	out := filepath.Join(t.TempDir(), "hearts.svg")
	code, _, stderr := simRun("", "score", "--chart-svg", out, "testdata/examples/hearts.tricks")
	require.Equal(t, 0, code, stderr)
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	if *update {
		require.NoError(t, os.MkdirAll(filepath.Dir(committed), 0o755))
		require.NoError(t, os.WriteFile(committed, got, 0o644))
	}
	want, err := os.ReadFile(committed)
	require.NoError(t, err, "run with -update to create it")
	require.Equal(t, string(want), string(got), "%s is stale: go test ./cmd/tricks/internal/app -run ChartSVGCommitted -update", committed)
}

// TestChartSVGLinesApart: players with the same totals get lines drawn apart, so that none
// hides another, and the target's label is drawn last, over the lines.
func TestChartSVGLinesApart(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "even.tricks")
	require.NoError(t, os.WriteFile(src, []byte("game hearts\nplayers ann bob cat dan\noption target=50\nround\nscore ann=13 bob=13 cat=0 dan=0\n"), 0o644))
	out := filepath.Join(dir, "even.svg")
	code, _, stderr := simRun("", "score", "--chart-svg", out, src)
	require.Equal(t, 0, code, stderr)
	svg, err := os.ReadFile(out)
	require.NoError(t, err)
	points := regexp.MustCompile(`<polyline class="series" data-unit="\w+" points="([^"]*)"`).FindAllStringSubmatch(string(svg), -1)
	require.Len(t, points, 4)
	seen := map[string]bool{}
	for _, p := range points {
		assert.False(t, seen[p[1]], "two lines drawn on the same points: %s", p[1])
		seen[p[1]] = true
	}
	assert.Greater(t, strings.Index(string(svg), `class="target-label"`), strings.LastIndex(string(svg), `class="series"`), "the target label is drawn after the lines")
}
