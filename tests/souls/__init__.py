"""The souls ruleset (rules chapter 14 and the souls rulings): the table and its set-up, damage,
healing and paying HP, capture and captured Souls, battles, the end of the turn, cards, edits,
loops, the order of simultaneous events, the index and what the text and steps show."""
