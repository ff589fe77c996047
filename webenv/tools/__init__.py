"""Tools built on the runtime but not part of it.

- :mod:`webenv.tools.solution`: playing a task's reference solution through the env.
- :mod:`webenv.tools.study`: measuring how often the validators are wrong.
- :mod:`webenv.tools.webarena`: importing WebArena task configs.
- :mod:`webenv.tools.parity`: comparing the in-process and Chromium backends' AX text.
"""
