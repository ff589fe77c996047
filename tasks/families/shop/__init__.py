"""Task family definitions."""
