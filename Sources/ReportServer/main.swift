// Parsing, building and running live in ReportServerCommand; buildApplication(configuration:) is what tests use.
await ReportServerCommand.launch()
