"""``python -m webenv.serve``: the same as ``webenv serve``."""

from webenv.serve.command import serve

if __name__ == "__main__":
    serve(prog_name="webenv serve")
