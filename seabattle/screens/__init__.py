"""The flow of screens and one module per screen (or phase of screens)."""
