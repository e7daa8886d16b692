import Testing

@Test func placeholder_PresentationTests() {}
