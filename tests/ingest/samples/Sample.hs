module Sample where

import Data.Map (Map)
import qualified App.Util as U

data Shape = Circle Double | Square Double

newtype Id = Id Int

class Describe a where
  describe :: a -> String

area :: Shape -> Double
area (Circle r) = U.square r
area (Square s) = s * s

main = print (area (Circle 1))
