package writer_test

import (
	"fmt"
	"os"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/reader"
	"github.com/tricks-dev/tricks/parse/writer"
)

// JSON has no comments: the score keeper's are the round's "comment" mapping, which the
// reader reads back to the same game.
func ExampleAppendJSON() {
	games, err := reader.ParseBytes([]byte(`game hearts
players ann bob cat dan
round   # pete shot the moon
took ann: qs 2h
`), "night.tricks")
	if err != nil {
		fmt.Println(err)
		return
	}
	js := writer.AppendJSON(nil, games[0])
	fmt.Println(string(js))
	back, err := reader.ParseBytesFormat(js, "night.json", parse.YAML)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(writer.AppendText(nil, back[0])))
	// Output:
	// {"game":"hearts","players":["ann","bob","cat","dan"],"rounds":[{"took":{"ann":"QS 2H"},"comment":{"round":{"line":"pete shot the moon"}}}]}
	// game hearts
	// players ann bob cat dan
	//
	// round # pete shot the moon
	// took ann: QS 2H
}

// A stream of games as one JSON array, an element a line; NewJSONWriter(w, true) writes
// JSON lines instead.
func ExampleNewJSONWriter() {
	games, err := reader.ParseBytes([]byte("players ann bob\n---\nplayers cat dan\n"), "two.tricks")
	if err != nil {
		fmt.Println(err)
		return
	}
	w := writer.NewJSONWriter(os.Stdout, false)
	for _, g := range games {
		if err := w.Write(g); err != nil {
			fmt.Println(err)
			return
		}
	}
	if err := w.Close(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// [
	// {"players":["ann","bob"]},
	// {"players":["cat","dan"]}
	// ]
}
