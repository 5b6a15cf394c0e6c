"""What the tests share: small tables, big tables, the whole-state helper, playthroughs of
scenario text, and the transcripts of the shipped files. No tests here."""
