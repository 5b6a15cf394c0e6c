"""What draws a table, below the windows and the exported pages alike: the scene of cards
(``table_scene.py``), each card's face (``card_painter.py``), tooltips shown as written
(``tooltips.py``) and rendering without a window (``rendering.py``)."""
