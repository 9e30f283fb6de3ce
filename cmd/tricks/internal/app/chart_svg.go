package app

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"math"
	"strings"
)

// SVG layout of one panel (one game), in pixels.
const (
	svgWidth   = 760
	svgPanel   = 380
	svgLeft    = 64
	svgRight   = 150 // room for the legend
	svgTop     = 40
	svgBottom  = 44
	svgPlotW   = svgWidth - svgLeft - svgRight
	svgPlotH   = svgPanel - svgTop - svgBottom
	svgDefault = "#444"
)

var svgColors = []string{"#d62728", "#2ca02c", "#1f77b4", "#9467bd", "#17becf", "#ff7f0e", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22"}

// niceStep returns a tick step of 1, 2 or 5 times a power of ten giving about n ticks.
func niceStep(span float64, n int) float64 {
	raw := span / float64(n)
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= raw {
			return m * p
		}
	}
	return 10 * p
}

func xmlText(s string) string {
	var b bytes.Buffer
	xml.EscapeText(&b, []byte(s))
	return b.String()
}

// svgChart draws each game's running totals as one panel of a standalone SVG: a line per
// player (side) through its total after each round, the axes with round numbers and totals,
// the target as a dashed line, and a legend.
func svgChart(panels []series) string {
	var b strings.Builder
	height := svgPanel * max(len(panels), 1)
	fmt.Fprintf(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
	fmt.Fprintf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n",
		svgWidth, height, svgWidth, height)
	fmt.Fprintf(&b, "<title>running totals</title>\n<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", svgWidth, height)
	if len(panels) == 0 {
		fmt.Fprintf(&b, "<text x=\"%d\" y=\"%d\">no games</text>\n", svgLeft, svgTop)
	}
	for i, s := range panels {
		svgPanelOf(&b, s, i*svgPanel)
	}
	b.WriteString("</svg>\n")
	return b.String()
}

func svgPanelOf(b *strings.Builder, s series, top int) {
	lo, hi := s.bounds()
	step := niceStep(float64(hi-lo), 6)
	flo := math.Floor(float64(lo)/step) * step
	fhi := math.Ceil(float64(hi)/step) * step
	n := len(s.rounds)
	x := func(i int) float64 { return svgLeft + float64(i)*svgPlotW/float64(max(n, 1)) }
	y := func(v float64) float64 { return float64(top+svgTop) + (fhi-v)/(fhi-flo)*svgPlotH }
	fmt.Fprintf(b, "<g class=\"panel\">\n<text class=\"title\" x=\"%d\" y=\"%d\" font-size=\"14\" font-weight=\"bold\">%s</text>\n",
		svgLeft, top+24, xmlText("Running totals: "+s.title))
	// Grid and the total axis.
	for v := flo; v <= fhi+step/2; v += step {
		fmt.Fprintf(b, "<line class=\"grid\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", svgLeft, svgLeft+svgPlotW, y(v), y(v))
		fmt.Fprintf(b, "<text class=\"ytick\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\" dominant-baseline=\"middle\">%s</text>\n",
			svgLeft-6, y(v), strings.TrimSuffix(fmt.Sprintf("%.0f", v), ".0"))
	}
	// Round axis: every round while they fit, else every k-th.
	every := max(1, int(math.Ceil(float64(n+1)*28/svgPlotW)))
	for i := 0; i <= n; i += every {
		label := "0"
		if i > 0 {
			label = fmt.Sprint(s.rounds[i-1])
		}
		fmt.Fprintf(b, "<text class=\"xtick\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", x(i), top+svgPanel-svgBottom+18, label)
	}
	fmt.Fprintf(b, "<text class=\"xlabel\" x=\"%d\" y=\"%d\" text-anchor=\"middle\">round</text>\n", svgLeft+svgPlotW/2, top+svgPanel-8)
	fmt.Fprintf(b, "<line class=\"axis\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", svgLeft, svgLeft+svgPlotW, y(flo), y(flo), svgDefault)
	fmt.Fprintf(b, "<line class=\"axis\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", svgLeft, svgLeft, y(flo), y(fhi), svgDefault)
	if s.target != 0 {
		fmt.Fprintf(b, "<line class=\"target\" data-value=\"%d\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#000\" stroke-dasharray=\"6 4\"/>\n",
			s.target, svgLeft, svgLeft+svgPlotW, y(float64(s.target)), y(float64(s.target)))
	}
	// One line per unit, a dot per round, and the legend. Each unit's line is drawn a pixel
	// or two above or below its place (dy), so that lines of equal totals show side by side
	// instead of the last one hiding the others.
	for u, name := range s.units {
		c := svgColors[u%len(svgColors)]
		dy := (float64(u) - float64(len(s.units)-1)/2) * 1.5
		yu := func(t int) float64 { return y(float64(t)) + dy }
		var pts []string
		for i, t := range s.totals[u] {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(i), yu(t)))
		}
		fmt.Fprintf(b, "<polyline class=\"series\" data-unit=\"%s\" points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"/>\n",
			xmlText(name), strings.Join(pts, " "), c)
		for i, t := range s.totals[u] {
			fmt.Fprintf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"%s\"><title>%s</title></circle>\n", x(i), yu(t), c,
				xmlText(fmt.Sprintf("%s: %d after round %d", name, t, append([]int{0}, s.rounds...)[i])))
		}
		ly := top + svgTop + 10 + u*20
		final := s.totals[u][len(s.totals[u])-1]
		fmt.Fprintf(b, "<g class=\"legend\"><line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"3\"/><text x=\"%d\" y=\"%d\" dominant-baseline=\"middle\">%s</text></g>\n",
			svgLeft+svgPlotW+14, svgLeft+svgPlotW+34, ly, ly, c, svgLeft+svgPlotW+40, ly, xmlText(fmt.Sprintf("%s %d", name, final)))
	}
	if s.target != 0 { // last, over the lines, on a white halo: never drawn over
		fmt.Fprintf(b, "<text class=\"target-label\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\" stroke=\"#fff\" stroke-width=\"4\" paint-order=\"stroke\">target %d</text>\n",
			svgLeft+svgPlotW-4, y(float64(s.target))-5, s.target)
	}
	b.WriteString("</g>\n")
}
