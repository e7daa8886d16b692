print("report-server")
