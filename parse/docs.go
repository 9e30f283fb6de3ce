package parse

import _ "embed" // for FormatDoc

// FormatDoc is FORMAT.md, the reference of the transcript format, for programs that show it
// to people who have the binary but not the source (tricks help format).
//
//go:embed FORMAT.md
var FormatDoc string
