"""pakka's version (written into every record)."""

__version__ = "0.1.0"
