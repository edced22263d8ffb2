module github.com/cubew/cubew

go 1.26

require (
	github.com/alecthomas/participle/v2 v2.1.4
	github.com/hexops/gotextdiff v1.0.3
	github.com/spf13/cobra v1.10.2
	github.com/spf13/pflag v1.0.9
	github.com/stretchr/testify v1.12.1
)

require (
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
)
