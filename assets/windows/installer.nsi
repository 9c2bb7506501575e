; The per-user Windows installer, built on Linux by scripts/windows-dist.sh with Debian's nsis:
;   makensis -DVERSION=… -DDIST=<folder with the files> -DICON=<.ico> -DSIZE_KB=… -DOUTFILE=<setup.exe> installer.nsi
; It needs no administrator: the game goes to %LOCALAPPDATA%\Programs\Tic-Tac-Toe, a shortcut to
; the Start menu, the uninstall entry to the current user's Apps list. `setup.exe /S` installs
; silently and `uninstall.exe /S` removes it silently. The player's settings and saved games
; (in %APPDATA%\tictactoe and wherever they saved them) are theirs: the uninstaller keeps them.

Unicode true
Target amd64-unicode
SetCompressor /SOLID lzma
; A dictionary larger than the program, so that the .com (the same bytes as the .exe but for one
; field) costs almost nothing.
SetCompressorDictSize 64
RequestExecutionLevel user

!include "MUI2.nsh"

!define NAME "Tic-Tac-Toe Minimax"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\TicTacToeMinimax"

Name "${NAME}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\Tic-Tac-Toe"
InstallDirRegKey HKCU "${UNINSTALL_KEY}" "InstallLocation"
BrandingText "${NAME} ${VERSION}"

VIProductVersion "${VERSION}.0"
VIAddVersionKey "ProductName" "${NAME}"
VIAddVersionKey "ProductVersion" "${VERSION}"
VIAddVersionKey "FileVersion" "${VERSION}"
VIAddVersionKey "FileDescription" "${NAME} installer"
VIAddVersionKey "LegalCopyright" "© 2026 Tic-Tac-Toe developers, MIT licence"

!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!define MUI_FINISHPAGE_RUN "$INSTDIR\tictactoe.exe"
!define MUI_FINISHPAGE_RUN_TEXT "Play ${NAME} now"

!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"

Section "Install"
    SetShellVarContext current
    SetOutPath "$INSTDIR"
    File "${DIST}\tictactoe.exe"
    File "${DIST}\tictactoe.com"
    File "${DIST}\README.txt"
    File "${DIST}\LICENSE.txt"
    File "${DIST}\_tictactoe.ps1"
    WriteUninstaller "$INSTDIR\uninstall.exe"

    CreateShortcut "$SMPROGRAMS\${NAME}.lnk" "$INSTDIR\tictactoe.exe" "" "$INSTDIR\tictactoe.exe" 0

    WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${NAME}"
    WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
    WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "Tic-Tac-Toe developers"
    WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\tictactoe.exe,0"
    WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
    WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
    WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
    WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
    WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
    WriteRegDWORD HKCU "${UNINSTALL_KEY}" "EstimatedSize" ${SIZE_KB}
SectionEnd

Section "Uninstall"
    SetShellVarContext current
    Delete "$SMPROGRAMS\${NAME}.lnk"
    Delete "$INSTDIR\tictactoe.exe"
    Delete "$INSTDIR\tictactoe.com"
    Delete "$INSTDIR\README.txt"
    Delete "$INSTDIR\LICENSE.txt"
    Delete "$INSTDIR\_tictactoe.ps1"
    Delete "$INSTDIR\uninstall.exe"
    RMDir "$INSTDIR"
    DeleteRegKey HKCU "${UNINSTALL_KEY}"
SectionEnd
