"""Task JSON files, one folder per site (installed as ``webenv.task_files``)."""
