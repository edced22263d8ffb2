package reach

import "os"

var debugNodes = os.Getenv("CUBEW_DEBUG") != ""
