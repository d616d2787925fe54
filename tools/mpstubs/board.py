board_id = "ramreport"
