"""Ostfront's web side. For now a read-only viewer (:mod:`ostfront.server.viewer`)."""
