// libyaml (Debian libyaml-dev): the event parser the keymap composer in FieldKeymaps reads.
#include <yaml.h>
