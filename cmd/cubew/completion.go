package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

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
				sub.RunE = genCompletion(sub.Name())
			}
		}
	}
}

// genCompletion writes a shell's completion script to the command's
// output. (Cobra's own commands capture the output writer when they are
// created, before run sets it.)
func genCompletion(shell string) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, _ []string) error {
		noDesc, _ := cmd.Flags().GetBool("no-descriptions")
		w, root := cmd.OutOrStdout(), cmd.Root()
		switch shell {
		case "bash":
			return root.GenBashCompletionV2(w, !noDesc)
		case "zsh":
			if noDesc {
				return root.GenZshCompletionNoDesc(w)
			}
			return root.GenZshCompletion(w)
		case "fish":
			return root.GenFishCompletion(w, !noDesc)
		case "powershell":
			if noDesc {
				return root.GenPowerShellCompletion(w)
			}
			return root.GenPowerShellCompletionWithDesc(w)
		}
		return fmt.Errorf("no completion for shell %q", shell)
	}
}
