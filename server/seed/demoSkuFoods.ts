// Which food of server/data/foods.json each demo good is (issue 9 demo data: "priced with SKUs the demo supplier
// sells, SKUs linked to ingredients"). The link lets smart allocation cost a dish and a purchase plan find what to
// buy. Its ratio is the food's edible share of the good as bought (§7 SKU ingredients: 0 < ratio ≤ 1). Goods with
// no fitting food in the catalogue (带鱼, 豆瓣酱, 鸡精) stay unlinked, as a supplier would leave them.
import type { NewEvent } from '../store/eventStore.ts';
import { foods } from '../modules/mall/skuIngredientRoutes.ts';

const FOOD_OF_GOOD: Record<string, string> = {
  东北大米: '20450', 五常稻花香大米: '20450', 特一级面粉: '20481', 挂面: '20420', 小米: '20031', 玉米糁: '20020', 糯米: '20054', 燕麦片: '08120',
  大白菜: '11119', 土豆: '11352', 西红柿: '11529', 黄瓜: '11205', 胡萝卜: '11124', 青椒: '11333', 菠菜: '11457', 西兰花: '11090', 洋葱: '11282',
  冬瓜: '11593', 茄子: '11209', 生菜: '11253', 豆芽: '11452', 香菇: '11238',
  猪里脊肉: '10060', 猪五花肉: '10005', 猪肋排: '10088', 牛腩: '13904', 牛里脊: '23601', 鸡胸肉: '05062', 鸡腿: '05080', 鸡翅中: '05100', 羊肉卷: '17001',
  草鱼: '15008',
  鲜鸡蛋: '01123', 土鸡蛋: '01123', 鲜鸭蛋: '01138', 鹌鹑蛋: '01140',
  纯牛奶: '01211', 学生饮用奶: '01211', 高钙牛奶: '01211', 原味酸奶: '01116', 奶酪棒: '01026', 豆浆: '16120',
  压榨花生油: '04042', 非转基因大豆油: '04044', 菜籽油: '04582', 玉米胚芽油: '04518', 芝麻香油: '04058',
  食用盐: '02047', 白砂糖: '19335', 生抽酱油: '16123', 老抽酱油: '16123', 米醋: '02053', 蚝油: '06176',
  // issue 28: the rest of the foods the demo dishes use
  标准面粉: '20481', 黄小米: '20031', 玉米面: '20020', 籼米: '20444', 糙米: '20036', 鲜面条: '20093', 玉米淀粉: '20027', 绿豆: '16080', 红小豆: '16001',
  四季豆: '11052', 大蒜: '11215', 生姜: '11216', 小葱: '11291', 丝瓜: '11220', 芹菜: '11143', 小白菜: '11116', 卷心菜: '11109', 红辣椒: '11819',
  白萝卜: '11430', 南瓜: '11422', 红薯: '11507', 甜玉米: '11167', 青豌豆: '11304', 鲜黑木耳: '11228', 鲜海带: '11445', 鲜紫菜: '11446',
  猪瘦肉: '10002', 猪肉末: '10219', 牛腱子肉: '13227', 去皮鸭肉: '05141', 鳕鱼块: '15015', 鲈鱼: '15091', 鲜虾: '15270', 冻虾仁: '15149',
  苹果: '09003', 香蕉: '09040', 橙子: '09200', 梨: '09340', 葡萄: '09132', 猕猴桃: '09148', 草莓: '09316', 蓝莓: '09050', 柠檬: '09150', 红枣: '09147',
  北豆腐: '16126', 南豆腐: '16427', 内酯豆腐: '16127', 低脂牛奶: '01174', 液态蛋清: '01124', 蜂蜜: '19296',
};

/** The SkuIngredientsSet event linking a demo good's SKU to its food, or none when the good has no food. */
export function demoSkuFoodEvents(goodName: string, skuId: string): NewEvent[] {
  const foodId = FOOD_OF_GOOD[goodName];
  if (!foodId) return [];
  const food = foods().get(foodId);
  if (!food) throw new Error(`demo good ${goodName}: food ${foodId} not in foods.json`);
  const ratio = food.ediblePortionPct === null ? 1 : food.ediblePortionPct / 100;
  return [{ type: 'SkuIngredientsSet', data: { skuId, ingredients: [{ foodId, ratio }] } }];
}
