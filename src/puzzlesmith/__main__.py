from puzzlesmith.cli.main import main

main()
