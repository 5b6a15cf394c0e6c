"""The app's side of tally (``app/presentation/views.py``): the ``cardtable.views`` entry point
names ``tally_app.view:VIEW``."""
