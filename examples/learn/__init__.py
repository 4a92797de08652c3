"""A standard learner (sb3-contrib MaskablePPO) trained on pakka's Gymnasium adapter."""
