"""Cardtable's test suite (docs/testing.md): a package, so that test modules in different
folders may share a name."""
