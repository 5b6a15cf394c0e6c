"""The command line (``cardtable``): its commands, its arguments, its terminal output."""
