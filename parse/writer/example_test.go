package writer_test

import (
	"fmt"

	"github.com/tricks-dev/tricks/parse/reader"
	"github.com/tricks-dev/tricks/parse/writer"
)

// A transcript written loosely reads into the model; the writer gives it back canonically, as
// text or as YAML, the score keeper's comments kept.
func ExampleAppendYAML() {
	games, err := reader.ParseBytes([]byte(`game hearts
players ann bob cat dan
round   # pete shot the moon
took ann: qs 2h
`), "night.tricks")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(writer.AppendText(nil, games[0])))
	fmt.Println("---")
	fmt.Print(string(writer.AppendYAML(nil, games[0])))
	// Output:
	// game hearts
	// players ann bob cat dan
	//
	// round # pete shot the moon
	// took ann: QS 2H
	// ---
	// game: hearts
	// players: [ann, bob, cat, dan]
	// rounds:
	//   - # pete shot the moon
	//     took: {ann: QS 2H}
}
