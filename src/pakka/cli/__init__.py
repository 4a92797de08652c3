"""The terminal front end: ``pakka play``, ``replay``, ``rules``, ``arena``, ``bench``."""
