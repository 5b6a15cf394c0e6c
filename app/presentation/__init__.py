"""What the app shows and offers, without Qt: the session, card looks, offers, step marks and
the rulesets' views."""
