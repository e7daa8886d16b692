// The Data layer.
