import HourglassServer

await ServerCommand.start()
