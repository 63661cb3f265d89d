"""Names in the traditional script as Hong Kong writes them (xl_ratings.i18n.names).

OpenCC's character table writes 范 (a surname) as 範, 于 as 於, 余 as 餘 ...: the class
of surname characters that are also simplified forms of commoner words.  Every common
surname below is converted with a given name and compared with its Hong Kong spelling
(as Hong Kong's identity cards and press write it; 衞 and 温 are the forms of Hong
Kong's standard character list, which OpenCC's s2hk follows).
"""

from __future__ import annotations

import pytest

from xl_ratings.i18n import traditional
from xl_ratings.i18n.names import KEPT_SURNAMES, surname_length, traditional_name

#: simplified surname -> the Hong Kong spelling
HONG_KONG = dict(p.split("=") for p in """
王=王 李=李 张=張 刘=劉 陈=陳 杨=楊 黄=黃 赵=趙 吴=吳 周=周 徐=徐 孙=孫 马=馬 朱=朱 胡=胡 郭=郭 何=何 高=高
林=林 罗=羅 郑=鄭 梁=梁 谢=謝 宋=宋 唐=唐 许=許 韩=韓 冯=馮 邓=鄧 曹=曹 彭=彭 曾=曾 田=田 董=董 袁=袁 潘=潘
于=于 蒋=蔣 蔡=蔡 余=余 杜=杜 叶=葉 程=程 苏=蘇 魏=魏 吕=呂 丁=丁 任=任 沈=沈 姚=姚 卢=盧 姜=姜 崔=崔 钟=鍾
谭=譚 陆=陸 汪=汪 范=范 金=金 石=石 廖=廖 贾=賈 夏=夏 韦=韋 方=方 白=白 邹=鄒 孟=孟 熊=熊 秦=秦 邱=邱 江=江
尹=尹 薛=薛 段=段 雷=雷 侯=侯 龙=龍 史=史 陶=陶 黎=黎 贺=賀 顾=顧 毛=毛 郝=郝 龚=龔 邵=邵 万=萬 钱=錢 严=嚴
覃=覃 武=武 戴=戴 莫=莫 孔=孔 向=向 汤=湯 区=區 麦=麥 冼=冼 岑=岑 游=游 古=古 骆=駱 伍=伍 欧=歐 凌=凌 关=關
邝=鄺 简=簡 巫=巫 利=利 卓=卓 谷=谷 郁=郁 干=干 卜=卜 朴=朴 占=占 党=党 涂=涂 庄=莊 柯=柯 洪=洪 翁=翁 甘=甘
傅=傅 尤=尤 施=施 辛=辛 阎=閻 祝=祝 鲁=魯 葛=葛 乔=喬 单=單 宁=寧 柳=柳 殷=殷 项=項 滕=滕 纪=紀 舒=舒 车=車
翟=翟 颜=顏 蓝=藍 聂=聶 岳=岳 后=后 种=种 丑=丑 斗=斗 咸=咸 曲=曲 卫=衞 蔺=藺 钮=鈕 巩=鞏 缪=繆 连=連 凤=鳳
饶=饒 邬=鄔 萧=蕭 温=温 欧阳=歐陽 司马=司馬 诸葛=諸葛 上官=上官 东方=東方 皇甫=皇甫 尉迟=尉遲 公孙=公孫
慕容=慕容 令狐=令狐 长孙=長孫 宇文=宇文 司徒=司徒 夏侯=夏侯 钟离=鍾離 万俟=万俟 鲜于=鮮于
""".split())


@pytest.mark.parametrize("surname", sorted(HONG_KONG))
def test_every_common_surname_is_spelled_as_hong_kong_writes_it(surname: str) -> None:
    assert traditional_name(surname + "志强") == HONG_KONG[surname] + "志強"
    assert traditional_name(surname + "伟") == HONG_KONG[surname] + "偉"


def test_the_class_is_real_opencc_alone_gets_these_wrong() -> None:
    """The kept surnames are the ones OpenCC's conversion turns into another character (the
    list holds no character OpenCC would have kept anyway)."""
    for s in KEPT_SURNAMES:
        assert traditional(s + "伟")[0] != s, s
    assert traditional("范伟") == "範偉" and traditional_name("范伟") == "范偉"
    assert traditional("于伟") == "於偉" and traditional_name("于伟") == "于偉"
    assert traditional("余伟") == "餘偉" and traditional_name("余伟") == "余偉"


def test_one_given_name_is_spelled_one_way() -> None:
    """OpenCC's phrase table knows a singer (林俊杰 stays 杰); a name's given part is converted on
    its own, the same whoever bears it."""
    assert traditional_name("林俊杰") == "林俊傑" == traditional_name("林俊傑")
    assert traditional_name("高俊杰")[1:] == traditional_name("林俊杰")[1:]


def test_compound_spaced_and_latin_names() -> None:
    assert surname_length("欧阳修") == 2 == surname_length("歐陽修") and surname_length("欧阳") == 1
    assert traditional_name("欧阳修") == "歐陽修"
    assert traditional_name("范 伟") == "范 偉"             # the surname written apart (an h9 file)
    assert traditional_name("Chan Tai Man") == "Chan Tai Man"
    assert traditional_name("陳大文") == "陳大文"             # already traditional: unchanged


def test_the_hong_kong_sample_spells_its_surnames_so() -> None:
    """The sample workbook's players: every surname as Hong Kong writes it, none of OpenCC's words."""
    from xl_ratings.engine.sample import sample_tables
    from xl_ratings.systems.sample_kit import SURNAMES

    rows = sample_tables("gor")["Players"]
    names = [r[rows[0].index("name")] for r in rows[1:]]
    wrong = set("範於餘遊鬱幹樸佔黨塗")
    assert names and not any(set(n) & wrong for n in names)
    assert "范軍" in names                                   # the sample's 范 (範軍 before)
    assert all(n[0] in {HONG_KONG.get(s, traditional(s)) for s in SURNAMES} for n in names)
