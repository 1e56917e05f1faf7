"""The ``ostfront`` command line (see :mod:`ostfront.cli.main`)."""
