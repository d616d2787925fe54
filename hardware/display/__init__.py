"""Showing the game on a displayio display: the renderer, its pages, text tiles, layouts."""
