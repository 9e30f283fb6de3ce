module github.com/tricks-dev/tricks

go 1.24.0

require (
	github.com/fatih/color v1.18.0
	github.com/mattn/go-isatty v0.0.20
	github.com/rivo/uniseg v0.4.7
	github.com/rogpeppe/go-internal v1.14.1
	github.com/stretchr/testify v1.12.1
	github.com/urfave/cli/v2 v2.27.7
	golang.org/x/term v0.28.0
	gopkg.in/yaml.v3 v3.0.1
)

require (
	github.com/cpuguy83/go-md2man/v2 v2.0.7 // indirect
	github.com/mattn/go-colorable v0.1.14 // indirect
	github.com/russross/blackfriday/v2 v2.1.0 // indirect
	github.com/xrash/smetrics v0.0.0-20240521201337-686a1a2994c1 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/sys v0.29.0 // indirect
	golang.org/x/tools v0.26.0 // indirect
)
