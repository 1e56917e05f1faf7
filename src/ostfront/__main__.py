"""``python -m ostfront`` runs the ``ostfront`` command."""

from .cli.main import main

main()
