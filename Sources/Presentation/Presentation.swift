// The Presentation layer.
