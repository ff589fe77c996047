"""webenv: an offline web-agent gym."""
