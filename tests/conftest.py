"""Shared pytest fixtures for pakka's tests."""
