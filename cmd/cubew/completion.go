package main

import "github.com/spf13/cobra"

// addCompletionHelp makes cobra's help and completion commands explicit
// so that they carry examples like every other command.
func addCompletionHelp(root *cobra.Command) {
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		switch c.Name() {
		case "help":
			c.Example = "  cubew help check\n  cubew help fmt"
		case "completion":
			c.Example = `  # bash, for the current shell
  source <(cubew completion bash)
  # zsh, once
  cubew completion zsh > "${fpath[1]}/_cubew"
  # fish
  cubew completion fish > ~/.config/fish/completions/cubew.fish`
			for _, sub := range c.Commands() {
				sub.Example = "  cubew completion " + sub.Name() + " > cubew." + sub.Name()
			}
		}
	}
}
