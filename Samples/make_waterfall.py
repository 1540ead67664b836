#!/usr/bin/env python3
"""Writes Samples/waterfall.json: the seeds' two-column waterfall of 100 numbered cells.

The seeds' WaterfallCollectionSource gives each item a height of rnd.Next(0, 100) + 40.
Here the "random" numbers come from a fixed linear congruential sequence, so the scene
(and its reference image) never changes: run this script again and the file is the same.
"""
import json
import os

state = 20121
items = []
for n in range(100):
    state = (state * 1103515245 + 12345) % (1 << 31)
    items.append({"size": {"width": 100, "height": 40 + (state >> 16) % 100}, "text": str(n)})

scene = {
    "$schema": "../Assets/scene.schema.json",
    "canvas": {"width": 390, "height": 700, "scale": 1, "background": "#FFFFFF"},
    "layout": {"type": "waterfall", "columnCount": 2, "minimumColumnSpacing": 10, "minimumInterItemSpacing": 10,
               "sectionInset": {"top": 10, "left": 10, "bottom": 10, "right": 10},
               "itemRenderDirection": "shortestFirst"},
    "cellStyle": {"backgroundColor": "#A4CDFF", "textColor": "#FFFFFF", "fontSize": 24},
    "cell": {"contentView": {"highlighted": {"backgroundColor": "#B7D039"},
                             "subviews": [{"label": {"text": "{text}", "textColor": "#FFFFFF", "fontSize": 24}}]}},
    "sections": [{"items": items}],
    "highlighted": [[0, 3]],
}

path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "waterfall.json")
with open(path, "w") as f:
    f.write(json.dumps(scene, indent=1) + "\n")
