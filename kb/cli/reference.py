"""The CLI reference ``docs/cli.md``, generated from the commands' ``--help``.

``python -m kb.cli.reference > docs/cli.md`` rewrites it; a test checks that
the file is current.  The help is formatted at a fixed width so that the
reference does not depend on the terminal it is generated in.
"""
from __future__ import annotations

from typing import Optional

import click

#: Width the help texts are wrapped at.
WIDTH = 100

HEADER = """# `kb` command reference

Generated from the commands' `--help` by `python -m kb.cli.reference > docs/cli.md`;
do not edit by hand. Every query command takes `--json` (field names are a stable
contract: fields are added, never renamed or dropped) and `--data-dir DIR`
(or `KB_DATA_DIR`; default `./.kb`). Errors are printed as `kb: MESSAGE` on stderr
with exit code 1 (130 when interrupted).
"""


def _help(command: click.Command, name: str, parent: Optional[click.Context] = None) -> str:
    ctx = click.Context(command, info_name=name, parent=parent, terminal_width=WIDTH, max_content_width=WIDTH)
    return command.get_help(ctx)


def reference(group: Optional[click.Group] = None) -> str:
    """The Markdown reference of ``group`` (default: the ``kb`` command):
    its own help, then one section per command, in alphabetical order."""
    if group is None:
        from kb.cli.main import main as group
    root = click.Context(group, info_name="kb", terminal_width=WIDTH, max_content_width=WIDTH,
                         **group.context_settings)
    parts = [HEADER, "## `kb`\n", "```text\n" + group.get_help(root) + "\n```\n"]
    for name in group.list_commands(root):
        command = group.get_command(root, name)
        parts.append(f"## `kb {name}`\n")
        parts.append("```text\n" + _help(command, name, root) + "\n```\n")
    return "\n".join(parts)


def main() -> None:
    click.echo(reference(), nl=False)


if __name__ == "__main__":
    main()
