"""``python -m webenv``: the ``webenv`` command."""

from webenv.cli import main

main(prog_name="webenv")
