"""opforge-dev: the op author's tool for an opforge checkout (see cli.py)."""
